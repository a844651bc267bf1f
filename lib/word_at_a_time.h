/* SPDX-License-Identifier: MIT */
/*
 * Byte tricks on whole machine words, for the string calls (strnlen_user,
 * strncpy_from_user) and check_zeroed_user. A word here is an unsigned long as it was loaded
 * from memory, so "byte i" means the byte at address word + i, whatever
 * the endianness: the helpers hide which end of the register that is.
 * Library-internal.
 */
#ifndef UACCESS_WORD_AT_A_TIME_H
#define UACCESS_WORD_AT_A_TIME_H

#define WAT_BYTES	sizeof(unsigned long)
#define WAT_ONES	(~0UL / 0xff)		/* 0x0101...01 */
#define WAT_LOW7	(WAT_ONES * 0x7f)	/* 0x7f7f...7f */

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define WAT_SHIFT(i)	(8 * (i))			/* byte i's shift */
#else
#define WAT_SHIFT(i)	(8 * (WAT_BYTES - 1 - (i)))
#endif

/*
 * Nonzero iff some byte of w is zero: the quick test for every word. A
 * byte's borrow can only flag a byte above a zero one, so the flags say
 * nothing reliable about which byte: wat_zero_bits() tells that.
 */
static inline unsigned long wat_has_zero(unsigned long w)
{
	return (w - WAT_ONES) & ~w & (WAT_ONES << 7);
}

/*
 * 0x80 in every byte of w that is zero, 0 in every other byte. Exact per
 * byte: (b & 0x7f) + 0x7f stays below 0x100, so no carry crosses into the
 * next byte. (wat_has_zero() borrows across bytes: it may flag a 0x01
 * byte above a zero one, which on big-endian comes first in memory and
 * would be taken for the NUL.)
 */
static inline unsigned long wat_zero_bits(unsigned long w)
{
	return ~(((w & WAT_LOW7) + WAT_LOW7) | w | WAT_LOW7);
}

/*
 * The index of the first zero byte in memory order; bits != 0 (0x80 flags,
 * as wat_zero_bits() makes them). Where the CPU has no count-zeros
 * instruction (<uaccess/arch.h> defines _UACCESS_NO_CTZ), __builtin_ctzl
 * would be a call to libgcc, which the library does not link: there the
 * lowest flag is isolated (bits & -bits = 0x80 << 8k), shifted down to
 * 1 << 8k, and multiplied by the bytes 7, 6, ..., 0 (low to high), which
 * puts k in the top byte. 64-bit words only.
 */
static inline unsigned long wat_first_zero(unsigned long bits)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && defined(_UACCESS_NO_CTZ)
	_Static_assert(sizeof(unsigned long) == 8, "_UACCESS_NO_CTZ: 64-bit words");
	return (((bits & -bits) >> 7) * 0x0001020304050607UL) >> 56;
#elif __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	return (unsigned long)__builtin_ctzl(bits) / 8;
#else
	return (unsigned long)__builtin_clzl(bits) / 8;
#endif
}

/*
 * w with its first n bytes (n < WAT_BYTES) set to 0xff: the bytes of an
 * aligned word that lie before the string's first byte, which must never
 * be taken for its NUL.
 */
static inline unsigned long wat_fill_before(unsigned long w, unsigned long n)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	return w | ((1UL << WAT_SHIFT(n)) - 1);
#else
	return w | ~(~0UL >> (8 * n));
#endif
}

/*
 * Masks of a word's bytes in memory order: bytes [i, WAT_BYTES) for
 * i < WAT_BYTES, and bytes [0, n) for 1 <= n <= WAT_BYTES. Each shift
 * stays below the word's width for the whole of its range.
 */
static inline unsigned long wat_mask_from(unsigned long i)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	return ~0UL << (8 * i);
#else
	return ~0UL >> (8 * i);
#endif
}

static inline unsigned long wat_mask_upto(unsigned long n)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	return ~0UL >> (8 * (WAT_BYTES - n));
#else
	return ~0UL << (8 * (WAT_BYTES - n));
#endif
}

static inline unsigned char wat_byte(unsigned long w, unsigned long i)
{
	return (unsigned char)(w >> WAT_SHIFT(i));
}

#endif /* UACCESS_WORD_AT_A_TIME_H */
