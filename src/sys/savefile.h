/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — files that must never be lost or torn: where games, the resume file and the
 * config live (XDG base directories), atomic writes, size-capped reads, and the signal
 * design that saves an interrupted game.
 *
 * Atomic write: the data goes to a temporary file in the destination's own directory
 * (".NAME.XXXXXX"), which is fsync()ed, renamed over the destination and then the
 * directory is fsync()ed. rename() is atomic, so a kill at any instant leaves either the
 * complete old file or the complete new one; a kill before the rename can leave only a
 * stray temporary file, which savefile_clean_temps() removes.
 *
 * Resume file: $XDG_STATE_HOME/cotuong/resume.pgn (default ~/.local/state/cotuong/
 * resume.pgn). The XDG spec puts "state that should persist between restarts" there,
 * unlike saved games, which are the user's documents in $XDG_DATA_HOME/cotuong/games/.
 * It is rewritten (atomically) after every move, so it is always current.
 *
 * Signals (SIGHUP, SIGTERM, SIGINT) are sys/signals.c's: its handler only records the
 * signal; the loop that sees sys_signal_pending() writes the resume file once more with the
 * clocks as they are, restores the terminal and calls sys_signal_exit(). Because the file
 * is already current after every move, the only thing that save adds is the clock time
 * since the last move. */
#ifndef COTUONG_APP_SAVEFILE_H
#define COTUONG_APP_SAVEFILE_H

#include <stdbool.h>
#include <stddef.h>

/* The largest file any reader accepts (PGN, XQF, config): 16 MiB. */
#define SAVEFILE_MAX_BYTES ((size_t)16 << 20)

/* Directories and files; each returns 0, or -1 when neither the XDG variable nor HOME
 * gives a usable absolute path (or buf is too small). Nothing is created. */
int savefile_data_dir(char *buf, size_t size);   /* $XDG_DATA_HOME/cotuong */
int savefile_games_dir(char *buf, size_t size);  /* $XDG_DATA_HOME/cotuong/games */
int savefile_state_dir(char *buf, size_t size);  /* $XDG_STATE_HOME/cotuong */
int savefile_resume_path(char *buf, size_t size); /* $XDG_STATE_HOME/cotuong/resume.pgn */
int savefile_config_path(char *buf, size_t size); /* $XDG_CONFIG_HOME/cotuong/config */


/* Replaces path with data[0..len) atomically and durably (see above), creating the parent
 * directories. Returns 0, or -1 with a message "PATH: reason" in err. */
int savefile_write_atomic(const char *path, const void *data, size_t len, char *err,
                          size_t errsize);

/* Removes temporary files ".NAME.XXXXXX" that an interrupted savefile_write_atomic(path)
 * left next to path, when older than SAVEFILE_STALE_SECONDS (a younger one may be another
 * instance's write in progress). Returns how many were removed. */
#define SAVEFILE_STALE_SECONDS 60
int savefile_clean_temps(const char *path);

/* Reads a whole regular file of at most cap bytes into a new NUL-terminated buffer
 * (free() it). Returns 0, or -1 with a message in err ("PATH: No such file or directory",
 * "PATH: file is too large (N bytes; the limit is 16 MiB)", "PATH: not a regular file"). */
int savefile_read(const char *path, size_t cap, char **data, size_t *len, char *err,
                  size_t errsize);

/* Offset of the first byte that makes data look binary rather than text, or -1 when it
 * is text. Binary: a NUL byte, or more than SAVEFILE_BINARY_CONTROLS control bytes (other
 * than tab, CR, LF, FF, ESC) in the first 4 KiB (the offset of the first of them). A few
 * BELs or other controls in a text are hostile, not binary: the readers replace them and
 * warn. */
#define SAVEFILE_BINARY_CONTROLS 256
long savefile_binary_offset(const char *data, size_t len);

#endif
