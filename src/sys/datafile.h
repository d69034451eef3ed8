/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — where the program's data files (book, master-games index, exercises) are: the
 * one lookup every loader uses, so an installed program, a relocated one and a clone's
 * build/cotuong run from any folder all find them. */
#ifndef COTUONG_SYS_DATAFILE_H
#define COTUONG_SYS_DATAFILE_H

#include <stdbool.h>
#include <stddef.h>

/* The folder holding the running executable (its real path, from /proc/self/exe, symbolic
 * links resolved). False when it cannot be known. */
bool sys_exe_dir(char *out, size_t size);

/* Finds the data file NAME ("book.txt") and writes its path to out. Looks, in this order, in
 * DATADIR (the installed folder), ../share/cotuong beside the executable (a relocated
 * install), ../assets beside the executable (a clone's build/cotuong) and ./assets; the
 * first readable file wins. False when none exists (out then holds the DATADIR path, for
 * a message). */
bool sys_data_find(const char *name, char *out, size_t size);

#endif
