// SPDX-License-Identifier: MIT
/*
 * The string functions of <string.h>, plain C. A compiler may turn a byte
 * loop into a call to memset or memcpy: here, a call to the very function
 * being compiled. -ffreestanding stops GCC 12 and clang; older GCCs also
 * need -fno-tree-loop-distribute-patterns, which nolibc.mk passes.
 */
#include <stdint.h>
#include <string.h>

/* A word that may alias any object, for the aligned middle of a range. */
typedef unsigned long __attribute__((may_alias)) word;
#define WORD sizeof(word)

void *memset(void *s, int c, size_t n)
{
	unsigned char *p = s;
	word w = (unsigned char)c * (~0UL / 0xff);	/* c in every byte */

	for (; n && (uintptr_t)p % WORD; n--)
		*p++ = (unsigned char)c;
	for (; n >= WORD; n -= WORD, p += WORD)
		*(word *)p = w;
	while (n--)
		*p++ = (unsigned char)c;
	return s;
}

/* Forward copy: words when dst and src share their alignment. */
static void copy_forward(unsigned char *d, const unsigned char *s, size_t n)
{
	if ((uintptr_t)d % WORD == (uintptr_t)s % WORD) {
		for (; n && (uintptr_t)d % WORD; n--)
			*d++ = *s++;
		for (; n >= WORD; n -= WORD, d += WORD, s += WORD)
			*(word *)d = *(const word *)s;
	}
	while (n--)
		*d++ = *s++;
}

void *memcpy(void *restrict dst, const void *restrict src, size_t n)
{
	copy_forward(dst, src, n);
	return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	/* A forward copy is safe unless dst starts inside [src, src + n). */
	if ((uintptr_t)d - (uintptr_t)s >= n) {
		copy_forward(d, s, n);
		return dst;
	}
	while (n--)
		d[n] = s[n];
	return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *p = a, *q = b;

	for (; n; n--, p++, q++)
		if (*p != *q)
			return *p - *q;
	return 0;
}

size_t strlen(const char *s)
{
	const char *p = s;

	while (*p)
		p++;
	return (size_t)(p - s);
}

int strncmp(const char *a, const char *b, size_t n)
{
	for (; n; n--, a++, b++)
		if (*a != *b || !*a)
			return (unsigned char)*a - (unsigned char)*b;
	return 0;
}

int strcmp(const char *a, const char *b)
{
	return strncmp(a, b, SIZE_MAX);
}

size_t strcspn(const char *s, const char *reject)
{
	size_t n = 0;

	for (; s[n]; n++)
		for (const char *r = reject; *r; r++)
			if (s[n] == *r)
				return n;
	return n;
}
