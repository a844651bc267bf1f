// SPDX-License-Identifier: MIT
/*
 * uaccess_register_module() and uaccess_unregister_module(): the list of
 * modules whose exception tables uaccess_fixup() searches after the
 * image's (lib/extable.c) and whose code the architecture patches.
 *
 * The list is singly linked, newest first; the fault path walks it without
 * a lock while another CPU registers or unregisters a module (those two
 * are serialized by the caller). The invariants that make that safe:
 *  - a module is complete (table sorted, code patched) before the release
 *    store that links it in; a reader reaches it only through an acquire
 *    load of that link, so it sees the completed table;
 *  - unlinking is one release store into the predecessor's link; the
 *    unlinked module's own `next` is left as it was, so a reader that is
 *    standing on it still reaches the rest of the list;
 *  - nothing is ever freed here: the caller frees a module's memory after a
 *    grace period, once no CPU can be inside uaccess_fixup() on it.
 */
#include <uaccess.h>
#include "internal.h"

struct uaccess_module *_uaccess_modules;

/* Why m cannot be registered, or NULL: its table is then sorted. */
static const char *refusal(struct uaccess_module *m)
{
	if (!m)
		return "module: NULL";
	for (const struct uaccess_module *r = _uaccess_modules; r; r = r->next)
		if (r == m)
			return "module: already registered";
	return _uaccess_extable_add(m);
}

int uaccess_register_module(struct uaccess_module *m)
{
	const char *why = refusal(m);

	/* The architecture patches m's code and serializes, unless refused. */
	if (!why)
		why = _uaccess_arch_module(m);
	if (_uaccess_report(why))
		return -1;
	m->next = _uaccess_modules;
	__atomic_store_n(&_uaccess_modules, m, __ATOMIC_RELEASE);
	return 0;
}

void uaccess_unregister_module(struct uaccess_module *m)
{
	for (struct uaccess_module **link = &_uaccess_modules; *link;
	     link = &(*link)->next) {
		if (*link == m) {
			__atomic_store_n(link, m->next, __ATOMIC_RELEASE);
			return;
		}
	}
}
