/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — exercises (cờ thế, bài tập sát cục): the validated set read from its text image
 * (assets/ccpd-exercises.txt, written by tools/mkexercises.c), the judge that decides whether
 * a move keeps an exercise's goal (by search, so any equally good move counts), the
 * difficulty formula and the puzzle of the day.
 *
 * The set is read from a byte buffer (the core opens no files); the reader checks the
 * header, the checksum and every field, and refuses the whole image when anything is
 * wrong. Texts (title) are UTF-8 as in the source and unsanitised: sanitise before
 * showing them.
 *
 * Goals. CT_GOAL_MATE, "mate in N": the solver (the side to move) mates (or stalemates,
 * which also wins in xiangqi) within N of its moves against any defence. CT_GOAL_WIN, "to
 * move and win": the solver keeps a winning score (the defender's search score at most
 * -CT_EX_WIN_SCORE) after each of its next N moves, or mates sooner.
 *
 * The judge runs one search of a fixed node budget after every move of the solver, on a
 * cleared table, so its verdicts are deterministic: the build-time validation and the
 * trainer give the same verdict for the same position and history. */
#ifndef COTUONG_EXERCISE_H
#define COTUONG_EXERCISE_H

#include <stddef.h>

#include "cotuong/position.h"
#include "cotuong/search.h"

typedef enum { CT_EX_MATE = 0, CT_EX_ENDGAME, CT_EX_TACTIC, CT_EX_MIDDLEGAME, CT_EX_KINDS } ct_ex_kind;
typedef enum { CT_GOAL_MATE = 0, CT_GOAL_WIN } ct_goal;

/* "mate", "endgame", "tactic", "middlegame"; parse returns -1 for anything else. */
const char *ct_ex_kind_name(ct_ex_kind k);
int ct_ex_kind_parse(const char *name);

#define CT_EX_WIN_SCORE 400      /* a winning score: four pawns (about a horse) */
#define CT_EX_JUDGE_NODES 100000 /* the judge's search budget per move */
#define CT_EX_JUDGE_HASH_MB 16    /* ... and table size (both change the verdicts) */
#define CT_EX_MAX_SOLUTION 40    /* plies of a stored solution */
#define CT_EX_MAX_MOVES 15       /* the largest N of a goal */
#define CT_EX_DIFFICULTIES 5     /* difficulty 1 (easy) .. 5 */

typedef struct {
    char id[16];           /* "m42": kind letter and the source file's number */
    ct_ex_kind kind;
    ct_goal goal;
    int moves;             /* N: mate in N, or keep the win for N moves */
    int keep;              /* how many of the first moves keep the goal (measured) */
    int legal;             /* legal moves in the position */
    int difficulty;        /* 1..CT_EX_DIFFICULTIES */
    char fen[128];
    int nsolution;         /* the verified line, solver first, defender's best replies */
    ct_move solution[CT_EX_MAX_SOLUTION];
    char title[160];       /* the source's Event text (may be "") */
} ct_exercise;

typedef struct {
    int n;
    ct_exercise *ex;
} ct_exset;

/* Reads the text image buf[0..len). CT_ERR_INVALID when it is not a set of this version
 * or is damaged (nothing allocated), CT_ERR_FULL when memory is short. */
ct_status ct_exset_read(const char *buf, size_t len, ct_exset *out);
void ct_exset_free(ct_exset *set);
/* Index of the exercise named id, or -1. */
int ct_exset_find(const ct_exset *set, const char *id);

/* Writes one exercise as a line of the image (no newline) into buf; returns the length
 * it needs (as snprintf). Tabs and newlines of the title become spaces. */
int ct_exercise_format(const ct_exercise *ex, char *buf, size_t size);
/* The image's first line for n exercises whose lines (each followed by '\n') are
 * body[0..len): "cotuong-exercises 1 N CHECKSUM". */
int ct_exset_header(int n, const char *body, size_t len, char *buf, size_t size);

/* The difficulty (1..5) of a goal of `moves` moves that `keep` first moves keep:
 * (length + forcing + 1) / 2, clamped, where length is N (mate) or N + 1 (win) and
 * forcing is 2 when only one move keeps the goal, 1 when two do, else 0. */
int ct_ex_difficulty(ct_goal goal, int moves, int keep);

typedef enum {
    CT_EX_LOST = 0, /* the move lets the goal go (or the search could not confirm it) */
    CT_EX_KEPT,     /* the goal is still reached; *reply is the best defence */
    CT_EX_SOLVED,   /* the defender has no legal move (mated or stalemated) */
} ct_ex_verdict;

/* The judge. pos: the solver has just moved and the defender is to move; left: the
 * solver's moves still allowed by the goal after this one (mate in N: N - moves made).
 * For CT_GOAL_MATE with left 0 only SOLVED keeps it. *reply gets the defender's best
 * move (CT_NO_MOVE when none) and *next, when the search saw it, the solver's best answer
 * to it (else CT_NO_MOVE). Clears s first (deterministic). nodes: the search budget, 0 for
 * CT_EX_JUDGE_NODES (the trainer's; smaller only for the build tool's cheap pre-filter). */
ct_ex_verdict ct_ex_judge(ct_search *s, const ct_pos *pos, ct_goal goal, int left,
                          uint64_t nodes, ct_move *reply, ct_move *next);

/* The exercise of the day for a civil date (year, month 1..12, day 1..31) among n: the
 * same date always gives the same index, whoever asks (a hash of the day number, so
 * consecutive days do not walk the set in order). -1 when n <= 0. */
int ct_ex_of_day(int n, int year, int month, int day);

#endif
