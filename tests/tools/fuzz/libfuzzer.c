// SPDX-License-Identifier: MIT
/*
 * The coverage-guided harness of make fuzz (clang's libFuzzer): each input
 * is decoded into a fuzz case (fuzz_decode(): the same numbers the random
 * fuzzer draws) and checked against the same model; a difference prints
 * the shrunk case and aborts, so that libFuzzer keeps the input. The
 * hosted platform (tests/harness/hosted/platform.c, its main renamed) installs the
 * SIGSEGV handler and initialises the library; libFuzzer runs with
 * -handle_segv=0, so that the handler stays ours.
 */
#include <stdlib.h>
#include <uaccess.h>
#include "fuzz.h"
#include "harness.h"
#include "suite.h"

/* The suite table harness.c runs: none here, the fuzzer calls in itself. */
const struct test suite[] = { { NULL, NULL } };

int uaccess_hosted_main(int argc, char **argv);
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t n);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char *args[] = { (*argv)[0], (char *)"fuzz-guided", NULL };

	(void)argc;
	return uaccess_hosted_main(2, args);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t n)
{
	struct fuzz_case c;

	fuzz_decode(&c, data, n);
	if (fuzz_check(&c))
		abort();
	return 0;
}
