/* SPDX-License-Identifier: MIT */
/* The string functions the suite calls (and the compiler may emit). */
#ifndef NOLIBC_STRING_H
#define NOLIBC_STRING_H

#include <stddef.h>

void *memset(void *s, int c, size_t n);
void *memcpy(void *restrict dst, const void *restrict src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
size_t strcspn(const char *s, const char *reject);

#endif
