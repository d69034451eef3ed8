/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — standard input a line at a time for the line modes (play --line, host, join,
 * watch): what was read is kept until a whole line is there, and a line can be left
 * waiting while more input stays unread. */
#ifndef COTUONG_CLI_LINE_INPUT_H
#define COTUONG_CLI_LINE_INPUT_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    char buf[4096];
    size_t len;
    bool open; /* not at the end of the input */
} line_input;

void line_input_init(line_input *in);
/* One read(2) of what is there on standard input (call it when poll says so). */
void line_input_fill(line_input *in);
/* The first whole line, without its newline, into out (cut to size); at the end of the
 * input the last line without a newline too, and a line longer than the buffer in pieces.
 * False when no line is there yet. */
bool line_input_take(line_input *in, char *out, size_t size);

#endif
