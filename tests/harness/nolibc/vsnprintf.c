// SPDX-License-Identifier: MIT
/*
 * vsnprintf and snprintf: the conversions of <stdio.h>, C99 semantics
 * (the output is cut at size - 1 bytes, the return value is the length it
 * would have had).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct out {
	char *buf;
	size_t size, len;
};

struct spec {
	bool left, plus, space, alt, zero;
	int width;
	int prec;		/* < 0: none */
};

static void put(struct out *o, char c)
{
	if (o->len + 1 < o->size)
		o->buf[o->len] = c;
	o->len++;
}

static void put_n(struct out *o, char c, int n)
{
	while (n-- > 0)
		put(o, c);
}

/*
 * *n /= base, returning the remainder, with 32-bit divisions only: a 32-bit
 * target divides 64-bit numbers in a libgcc helper, which we do not link.
 * base <= 16, so a remainder with 16 more bits still fits in 32.
 */
static unsigned int divide(unsigned long long *n, unsigned int base)
{
	unsigned long long q = 0;
	unsigned int r = 0;

	for (int shift = 48; shift >= 0; shift -= 16) {
		unsigned int part = r << 16 | (unsigned int)(*n >> shift & 0xffff);

		q = q << 16 | part / base;
		r = part % base;
	}
	*n = q;
	return r;
}

static void number(struct out *o, const struct spec *sp, unsigned long long v,
		   unsigned int base, bool upper, const char *prefix)
{
	const char *set = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char digits[22];	/* 2^64 - 1 has 20 decimal digits */
	int n = 0, plen = 0, zeros, fill;

	while (v)
		digits[n++] = set[divide(&v, base)];
	if (!n && sp->prec)	/* "%.0d" prints nothing for 0 */
		digits[n++] = '0';
	while (prefix[plen])
		plen++;
	zeros = sp->prec > n ? sp->prec - n : 0;
	fill = sp->width - plen - zeros - n;
	if (sp->zero && !sp->left && sp->prec < 0 && fill > 0) {
		zeros += fill;
		fill = 0;
	}
	if (!sp->left)
		put_n(o, ' ', fill);
	while (*prefix)
		put(o, *prefix++);
	put_n(o, '0', zeros);
	while (n)
		put(o, digits[--n]);
	if (sp->left)
		put_n(o, ' ', fill);
}

static void string(struct out *o, const struct spec *sp, const char *s, int n)
{
	if (!sp->left)
		put_n(o, ' ', sp->width - n);
	for (int i = 0; i < n; i++)
		put(o, s[i]);
	if (sp->left)
		put_n(o, ' ', sp->width - n);
}

/* Argument sizes, from the length modifier. */
enum size { HH, H, INT, LONG, LLONG };

static unsigned long long get_unsigned(va_list *ap, enum size sz)
{
	switch (sz) {
	case HH: return (unsigned char)va_arg(*ap, unsigned int);
	case H: return (unsigned short)va_arg(*ap, unsigned int);
	case LONG: return va_arg(*ap, unsigned long);
	case LLONG: return va_arg(*ap, unsigned long long);
	default: return va_arg(*ap, unsigned int);
	}
}

static long long get_signed(va_list *ap, enum size sz)
{
	switch (sz) {
	case HH: return (signed char)va_arg(*ap, int);
	case H: return (short)va_arg(*ap, int);
	case LONG: return va_arg(*ap, long);
	case LLONG: return va_arg(*ap, long long);
	default: return va_arg(*ap, int);
	}
}

/* A number from fmt, or from the arguments for '*'. */
static int field(const char **fmt, va_list *ap)
{
	int v = 0;

	if (**fmt == '*') {
		(*fmt)++;
		return va_arg(*ap, int);
	}
	while (**fmt >= '0' && **fmt <= '9')
		v = v * 10 + *(*fmt)++ - '0';
	return v;
}

int vsnprintf(char *buf, size_t size, const char *fmt,
	      va_list ap_in)
{
	struct out o = { buf, size, 0 };
	va_list ap;	/* a copy: only a real va_list can be passed by address */

	va_copy(ap, ap_in);
	for (; *fmt; fmt++) {
		struct spec sp = { .prec = -1 };
		enum size sz = INT;
		const char *sign;
		long long v;

		if (*fmt != '%') {
			put(&o, *fmt);
			continue;
		}
		for (;; fmt++) {
			if (fmt[1] == '-') sp.left = true;
			else if (fmt[1] == '+') sp.plus = true;
			else if (fmt[1] == ' ') sp.space = true;
			else if (fmt[1] == '#') sp.alt = true;
			else if (fmt[1] == '0') sp.zero = true;
			else break;
		}
		fmt++;
		sp.width = field(&fmt, &ap);
		if (sp.width < 0) {		/* "%*s" with a negative width */
			sp.left = true;
			sp.width = -sp.width;
		}
		if (*fmt == '.') {
			fmt++;
			sp.prec = field(&fmt, &ap);
		}
		if (*fmt == 'h') {
			sz = fmt[1] == 'h' ? HH : H;
			fmt += sz == HH ? 2 : 1;
		} else if (*fmt == 'l') {
			sz = fmt[1] == 'l' ? LLONG : LONG;
			fmt += sz == LLONG ? 2 : 1;
		} else if (*fmt == 'z' || *fmt == 't') {
			sz = sizeof(size_t) == sizeof(long) ? LONG : INT;
			fmt++;
		} else if (*fmt == 'j') {
			sz = sizeof(intmax_t) == sizeof(long) ? LONG : LLONG;
			fmt++;
		}

		switch (*fmt) {
		case 'd':
		case 'i':
			v = get_signed(&ap, sz);
			sign = v < 0 ? "-" : sp.plus ? "+" : sp.space ? " " : "";
			number(&o, &sp, v < 0 ? -(unsigned long long)v
					      : (unsigned long long)v, 10, false, sign);
			break;
		case 'u':
			number(&o, &sp, get_unsigned(&ap, sz), 10, false, "");
			break;
		case 'x':
		case 'X': {
			unsigned long long u = get_unsigned(&ap, sz);

			number(&o, &sp, u, 16, *fmt == 'X',
			       sp.alt && u ? (*fmt == 'X' ? "0X" : "0x") : "");
			break;
		}
		case 'p':
			number(&o, &sp, (uintptr_t)va_arg(ap, void *), 16, false, "0x");
			break;
		case 'c': {
			char c = (char)va_arg(ap, int);

			string(&o, &sp, &c, 1);
			break;
		}
		case 's': {
			const char *s = va_arg(ap, const char *);
			int n = 0;

			if (!s)
				s = "(null)";
			while (s[n] && (sp.prec < 0 || n < sp.prec))
				n++;
			string(&o, &sp, s, n);
			break;
		}
		case '%':
			put(&o, '%');
			break;
		default:	/* not ours: show it as written */
			put(&o, '%');
			if (!*fmt)
				fmt--;
			else
				put(&o, *fmt);
			break;
		}
	}
	va_end(ap);
	if (size)
		buf[o.len < size ? o.len : size - 1] = 0;
	return (int)o.len;
}

int snprintf(char *restrict buf, size_t size, const char *restrict fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return r;
}
