// SPDX-License-Identifier: MIT
/* The report's files (bench.h): results.md beside stdout, the data files. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include "bench.h"

static FILE *md_file;

void out(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	va_start(ap, fmt);
	vfprintf(md_file, fmt, ap);
	va_end(ap);
}

FILE *open_output(const char *dir, const char *name)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(2);
	}
	return f;
}

void open_report(const char *dir)
{
	md_file = open_output(dir, "results.md");
}

void close_report(void)
{
	fclose(md_file);
}
