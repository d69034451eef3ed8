/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the lobby: a directory shared by the users of one machine, where each hosting
 * cotuong process serves its game on a Unix domain socket; no daemon, no network port.
 * Who is at the other end of a socket is known from the kernel (SO_PEERCRED), never from
 * what the peer says. This module checks that the directory is safe, makes, finds and
 * connects the sockets, answers who a peer is, and reads `--for USER,...` lists. */
#ifndef COTUONG_SYS_LOBBY_H
#define COTUONG_SYS_LOBBY_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* The documented default, shared by every user: made mode 1777 (sticky, like /tmp) when it
 * does not exist. */
#define LOBBY_DEFAULT_DIR "/tmp/cotuong-lobby"
#define LOBBY_ID_LEN 8      /* game ids: 8 characters [a-z0-9] */
#define LOBBY_CODE_LEN 6    /* game codes: 6 characters A-Z2-9 without I and O */
#define LOBBY_MAX_FOR 32    /* users on one --for list */
#define LOBBY_PATH_MAX 108  /* sizeof sun_path */

/* The lobby directory: `option` (--lobby DIR) when not NULL, else $COTUONG_LOBBY when set
 * and not empty, else LOBBY_DEFAULT_DIR. */
const char *lobby_dir(const char *option);

/* Checks that dir is safe to meet in, and with `create` makes it when missing (mode 1777,
 * like /tmp; its parent must exist). Refused (-1, the
 * reason with the path in err): not a directory, a symbolic link, writable by its group or
 * others without the sticky bit, or any parent directory so writable (someone could swap the
 * lobby), or a path longer than a socket address allows. 0 when safe. */
int lobby_check_dir(const char *dir, bool create, char *err, size_t errsize);

/* Who is at the other end of a connected Unix domain socket, from the kernel. */
typedef struct {
    uid_t uid;
    gid_t gid;
    pid_t pid;
    char user[33]; /* the account name, or the uid in decimal when it has none */
} lobby_peer;

/* 0, or -1 with errno set. */
int lobby_peer_of(int fd, lobby_peer *peer);
/* The account name of uid into buf (the number when there is none). */
void lobby_user_name(uid_t uid, char *buf, size_t size);

/* A --for list: the users admitted to a game, besides the host itself. */
typedef struct {
    uid_t uid[LOBBY_MAX_FOR];
    int n; /* 0 = everyone */
} lobby_allow;

/* Reads "alice,bob" (names or numeric uids; spaces around names ignored). -1 with the
 * reason in err for an unknown user, an empty name or too many. */
int lobby_parse_for(const char *list, lobby_allow *a, char *err, size_t errsize);
/* True when uid may see and join the game of the host (the host's own account always). */
bool lobby_admits(const lobby_allow *a, uid_t host_uid, uid_t uid);

/* The hosting side: a listening socket DIR/ID.sock (mode 0666: who may come in is decided
 * after accept, from the peer's credentials), a fresh id and a fresh code. */
typedef struct {
    int fd;
    char path[LOBBY_PATH_MAX];
    char id[LOBBY_ID_LEN + 1];
    char code[LOBBY_CODE_LEN + 1];
} lobby_listener;

/* Checks the directory (creating it if needed), then listens. 0 or -1 with err. The socket
 * is non-blocking and close-on-exec. When l->id holds a valid id on entry, that id is
 * tried first (a resumed game), else a fresh one is drawn. */
int lobby_listen(const char *dir, lobby_listener *l, char *err, size_t errsize);
/* Accepts one waiting connection (non-blocking, close-on-exec): its fd, or -1 (errno
 * EAGAIN when none waits). */
int lobby_accept(lobby_listener *l);
/* Closes the socket and removes its file. */
void lobby_unlisten(lobby_listener *l);

/* The joining side: connects to DIR/ID.sock after checking the directory, and refuses a
 * socket whose file is not a socket, or is not owned by the process that listens on it
 * (from SO_PEERCRED; so nobody can pose as another user's game). host receives the
 * listener's credentials. Returns a blocking fd (close-on-exec), or -1 with err. */
int lobby_connect(const char *dir, const char *id, lobby_peer *host, char *err, size_t errsize);

/* The game ids in dir (entries ID.sock that are sockets), sorted; returns how many (at most
 * max), -1 with err when the directory is unsafe or unreadable. */
int lobby_scan(const char *dir, char (*ids)[LOBBY_ID_LEN + 1], int max, char *err, size_t errsize);

/* len bytes from the kernel's random source (getrandom, else /dev/urandom): the salt of a
 * cờ úp commitment, which nobody may guess. 0, or -1 when there is none. */
int lobby_random(void *buf, size_t len);

/* True for a string of the form of a game id / a game code. */
bool lobby_id_valid(const char *s);
bool lobby_code_valid(const char *s);

#endif
