/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the hosted game's two sides (see remote.h): the host's server of one guest,
 * its watchers and listings, with admission from the kernel's credentials; the joiner's
 * link, which checks what the host says against its own copy; the seat that brings the
 * other side's moves to the referee; non-blocking I/O with bounded buffers throughout. */
#include "game/remote.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "cotuong/coup_commit.h"
#include "cotuong/coup_pgn.h"
#include "cotuong/position.h"
#include "sys/sanitize.h"
#include "sys/systime.h"
#include "sys/xmalloc.h"

#define OUT_MAX (256 * 1024) /* a peer that lets this much pile up is not reading */
#define EV_MAX 128
/* Lines a peer may send: a burst, then so many a second. A joiner takes the host's
 * snapshot (every move at once) as one burst. */
#define GUEST_BURST 40
#define GUEST_RATE 10
#define HOST_BURST (PROTO_PLY_MAX + 64)
#define HOST_RATE 200

typedef struct {
    int rfd, wfd;      /* -1: a free slot */
    proto_reader rd;
    char *out;
    size_t out_len;
    bool greeted;      /* its hello was read */
    proto_role role;
    lobby_peer peer;
    int64_t opened;
    bool closing;      /* bye sent: close once the output is out */
} conn;

struct remote {
    bool host;
    conn c[REMOTE_MAX_CONNS]; /* joiner: c[0] is the host */
    lobby_listener l;
    uid_t my_uid;
    char my_name[REMOTE_NAME_MAX];
    /* host */
    lobby_allow allow;
    bool no_watchers;
    int host_side;
    int guest;                /* index in c[] of the guest's link, -1 none */
    bool guest_known;         /* the seat belongs to guest_uid (it may come back) */
    uid_t guest_uid;
    char guest_name[REMOTE_NAME_MAX];
    int watchers;
    bool sent_running;        /* state of the last clock line */
    int sent_clock_side;
    /* the game as on the wire */
    ct_rules rules;
    ct_time_control tc;
    char fen[128];
    int start_side;
    ct_move moves[PROTO_PLY_MAX];
    int nmoves;
    int64_t clock_ms[2];
    int clock_side;
    int64_t clock_at;
    bool over, adjourned;
    ct_result result;
    ct_end_reason reason;
    /* cờ úp: the commitment, each ply's reveal (public) and face-down capture (told to its
     * capturer only), the disclosure; the host keeps the deal and salt it discloses */
    bool coup;
    char commit[65];
    char deal_text[32], salt[65];
    uint8_t reveal[PROTO_PLY_MAX], taken[PROTO_PLY_MAX];
    bool disclosed;
    int coup_want;            /* the ply the remote seat waits for (under lock) */
    int sent_ply;             /* joiner: its own move sent, the host's echo awaited */
    ct_move sent_move;
    /* joiner */
    int my_side;
    char names[2][REMOTE_NAME_MAX];
    bool synced, closed, hello_seen;
    char code[PROTO_CODE_LEN + 1];
    /* events for the owner */
    remote_event ev[EV_MAX];
    int ev_head, ev_count;
    /* the other side's move, waiting for the seat */
    pthread_mutex_t lock;
    pthread_cond_t cond;
    ct_move pending;
    int pending_ply;
};

/* ------------------------------------------------------------------ small helpers */
static void push(remote *r, const remote_event *e)
{
    if (r->ev_count == EV_MAX) { /* the owner is not reading: keep the newest */
        r->ev_head = (r->ev_head + 1) % EV_MAX;
        r->ev_count--;
    }
    r->ev[(r->ev_head + r->ev_count) % EV_MAX] = *e;
    r->ev_count++;
}

static void push_kind(remote *r, remote_event_kind k, const char *name, const char *text)
{
    remote_event e;
    memset(&e, 0, sizeof e);
    e.kind = k;
    if (name)
        snprintf(e.name, sizeof e.name, "%s", name);
    if (text)
        sanitize_text(e.text, sizeof e.text, text, strlen(text), 0);
    e.count = r->watchers;
    push(r, &e);
}

bool remote_next_event(remote *r, remote_event *ev)
{
    if (r->ev_count == 0)
        return false;
    *ev = r->ev[r->ev_head];
    r->ev_head = (r->ev_head + 1) % EV_MAX;
    r->ev_count--;
    return true;
}

static int side_at_ply(const remote *r, int ply)
{
    /* The side that makes the ply-th move (1 = the first). */
    return (r->start_side + ply - 1) & 1;
}

static void conn_open(conn *c, int rfd, int wfd, int burst, int rate, int64_t now)
{
    memset(c, 0, sizeof *c);
    c->rfd = rfd;
    c->wfd = wfd;
    proto_reader_init(&c->rd, burst, rate);
    c->out = xmalloc(OUT_MAX);
    c->opened = now;
}

static void conn_close(conn *c)
{
    if (c->rfd >= 0)
        close(c->rfd);
    if (c->wfd >= 0 && c->wfd != c->rfd)
        close(c->wfd);
    free(c->out);
    memset(c, 0, sizeof *c);
    c->rfd = c->wfd = -1;
}

static bool conn_live(const conn *c)
{
    return c->rfd >= 0;
}

/* Queues one message; a peer whose backlog is full is dropped (it does not read). */
static void conn_send(conn *c, const proto_msg *m)
{
    if (!conn_live(c) || c->closing)
        return;
    char line[PROTO_LINE_MAX + 1];
    int n = proto_format(m, line, sizeof line);
    if (n <= 0)
        return;
    if (c->out_len + (size_t)n > OUT_MAX) {
        c->closing = true;
        c->out_len = 0;
        shutdown(c->wfd, SHUT_RDWR);
        return;
    }
    memcpy(c->out + c->out_len, line, (size_t)n);
    c->out_len += (size_t)n;
}

static void conn_bye(conn *c, const char *word, const char *text)
{
    proto_msg m;
    proto_msg_init(&m, PROTO_BYE);
    snprintf(m.word, sizeof m.word, "%s", word);
    snprintf(m.text, sizeof m.text, "%s", text ? text : "");
    conn_send(c, &m);
    c->closing = true;
}

static void conn_flush(conn *c)
{
    while (c->out_len > 0) {
        /* A socket whose peer has gone must not raise SIGPIPE in whatever program owns
         * this link (MSG_NOSIGNAL); a pipe (SSH's streams) is written as a file. */
        ssize_t w = send(c->wfd, c->out, c->out_len, MSG_NOSIGNAL);
        if (w < 0 && errno == ENOTSOCK)
            w = write(c->wfd, c->out, c->out_len);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            if (errno != EAGAIN && errno != EWOULDBLOCK) {
                c->out_len = 0;
                c->closing = true;
            }
            return;
        }
        memmove(c->out, c->out + w, c->out_len - (size_t)w);
        c->out_len -= (size_t)w;
    }
}

static void set_nonblock(int fd)
{
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0)
        fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

static remote *remote_alloc(bool host)
{
    remote *r = xcalloc(1, sizeof *r);
    r->host = host;
    for (int i = 0; i < REMOTE_MAX_CONNS; i++)
        r->c[i].rfd = r->c[i].wfd = -1;
    r->l.fd = -1;
    r->guest = -1;
    r->my_uid = geteuid();
    lobby_user_name(r->my_uid, r->my_name, sizeof r->my_name);
    r->clock_ms[0] = r->clock_ms[1] = -1;
    r->clock_side = PROTO_STOPPED;
    r->my_side = PROTO_SEAT_WATCHER;
    snprintf(r->names[0], sizeof r->names[0], "-");
    snprintf(r->names[1], sizeof r->names[1], "-");
    pthread_mutex_init(&r->lock, NULL);
    pthread_cond_init(&r->cond, NULL);
    return r;
}

void remote_free(remote *r)
{
    if (!r)
        return;
    for (int i = 0; i < REMOTE_MAX_CONNS; i++)
        if (conn_live(&r->c[i]))
            conn_close(&r->c[i]);
    lobby_unlisten(&r->l);
    pthread_mutex_destroy(&r->lock);
    pthread_cond_destroy(&r->cond);
    free(r);
}

bool remote_is_host(const remote *r)
{
    return r->host;
}

int remote_watchers(const remote *r)
{
    return r->watchers;
}

const char *remote_id(const remote *r)
{
    return r->l.id;
}

const char *remote_code(const remote *r)
{
    return r->l.code;
}

bool remote_guest_here(const remote *r)
{
    return r->guest >= 0;
}

const char *remote_guest_name(const remote *r)
{
    return r->guest_name;
}

const char *remote_my_name(const remote *r)
{
    return r->my_name;
}

int remote_my_side(const remote *r)
{
    return r->my_side;
}

const char *remote_side_name(const remote *r, int side)
{
    return r->names[side & 1];
}

int remote_fds(const remote *r, struct pollfd *fds, int max)
{
    int n = 0;
    if (r->host && r->l.fd >= 0 && n < max)
        fds[n++] = (struct pollfd){.fd = r->l.fd, .events = POLLIN};
    for (int i = 0; i < REMOTE_MAX_CONNS && n < max; i++) {
        const conn *c = &r->c[i];
        if (!conn_live(c))
            continue;
        fds[n++] = (struct pollfd){.fd = c->rfd, .events = POLLIN};
        if (c->out_len > 0 && n < max)
            fds[n++] = (struct pollfd){.fd = c->wfd, .events = POLLOUT};
    }
    return n;
}

/* ------------------------------------------------------------------ the game on the wire */
static void fill_game(const remote *r, proto_msg *m)
{
    proto_msg_init(m, PROTO_GAME);
    m->rules = r->rules;
    m->tc = r->tc;
    m->coup = r->coup;
    snprintf(m->fen, sizeof m->fen, "%s", r->fen);
}

/* The i-th move (0-based) as one receiver may hear it: its reveal is public; what it took
 * face down goes to the guest only, and only when the guest made the capture. */
static void fill_move(const remote *r, proto_msg *m, int i, bool to_guest)
{
    proto_msg_init(m, PROTO_MOVE);
    m->ply = i + 1;
    m->move = r->moves[i];
    if (r->coup) {
        m->reveal = r->reveal[i];
        if (to_guest && side_at_ply(r, i + 1) != r->host_side)
            m->taken = r->taken[i];
    }
}

static void fill_disclose(const remote *r, proto_msg *m)
{
    proto_msg_init(m, PROTO_DISCLOSE);
    snprintf(m->deal, sizeof m->deal, "%s", r->deal_text);
    snprintf(m->salt, sizeof m->salt, "%s", r->salt);
}

static void fill_clock(const remote *r, proto_msg *m, int64_t now)
{
    proto_msg_init(m, PROTO_CLOCK);
    for (int s = 0; s < 2; s++) {
        int64_t v = r->clock_ms[s];
        if (v >= 0 && r->clock_side == s)
            v -= now - r->clock_at;
        m->clock_ms[s] = v < 0 && r->clock_ms[s] >= 0 ? 0 : v;
    }
    m->side = r->clock_side;
}

static void fill_result(const remote *r, proto_msg *m)
{
    proto_msg_init(m, PROTO_RESULT);
    m->result = r->result;
    m->reason = r->reason;
    m->adjourned = r->adjourned;
}

static void fill_seat(const remote *r, proto_msg *m, int side)
{
    proto_msg_init(m, PROTO_SEAT);
    m->side = side;
    const char *host = r->my_name;
    const char *guest = r->guest_known ? r->guest_name : "-";
    snprintf(m->name[r->host_side], sizeof m->name[0], "%s", host);
    snprintf(m->name[!r->host_side], sizeof m->name[0], "%s", guest);
}

static void send_watchers(remote *r)
{
    proto_msg m;
    proto_msg_init(&m, PROTO_WATCHERS);
    m.count = r->watchers;
    for (int i = 0; i < REMOTE_MAX_CONNS; i++)
        if (conn_live(&r->c[i]) && r->c[i].greeted && r->c[i].role != PROTO_ROLE_LIST)
            conn_send(&r->c[i], &m);
}

/* To every greeted guest and watcher. */
static void broadcast(remote *r, const proto_msg *m)
{
    for (int i = 0; i < REMOTE_MAX_CONNS; i++)
        if (conn_live(&r->c[i]) && r->c[i].greeted && r->c[i].role != PROTO_ROLE_LIST)
            conn_send(&r->c[i], m);
}

/* Chat for the watchers: "NAME: text". */
static void to_watchers(remote *r, const char *name, const char *text)
{
    proto_msg m;
    proto_msg_init(&m, PROTO_CHAT);
    snprintf(m.text, sizeof m.text, "%s: %s", name, text);
    for (int i = 0; i < REMOTE_MAX_CONNS; i++)
        if (conn_live(&r->c[i]) && r->c[i].greeted && r->c[i].role == PROTO_ROLE_WATCHER)
            conn_send(&r->c[i], &m);
}

/* Everything a joiner needs: who sits where, the game, every move, the clock, the end. */
static void send_snapshot(remote *r, conn *c, int side, int64_t now)
{
    proto_msg m;
    fill_seat(r, &m, side);
    conn_send(c, &m);
    fill_game(r, &m);
    conn_send(c, &m);
    if (r->coup) {
        proto_msg_init(&m, PROTO_COMMIT);
        snprintf(m.commit, sizeof m.commit, "%s", r->commit);
        conn_send(c, &m);
    }
    for (int i = 0; i < r->nmoves; i++) {
        fill_move(r, &m, i, side == !r->host_side);
        conn_send(c, &m);
    }
    fill_clock(r, &m, now);
    conn_send(c, &m);
    if (r->over) {
        fill_result(r, &m);
        conn_send(c, &m);
        if (r->coup && !r->adjourned) {
            fill_disclose(r, &m);
            conn_send(c, &m);
        }
    }
    if (r->guest_known && r->guest < 0) {
        proto_msg_init(&m, PROTO_PEER);
        m.arg = 0;
        conn_send(c, &m);
    }
    proto_msg_init(&m, PROTO_WATCHERS);
    m.count = r->watchers;
    conn_send(c, &m);
    proto_msg_init(&m, PROTO_SYNC);
    m.ply = r->nmoves;
    conn_send(c, &m);
}

/* ------------------------------------------------------------------ hosting */
remote *remote_host_new(const remote_host_config *cfg, char *err, size_t errsize)
{
    remote *r = remote_alloc(true);
    const char *dir = cfg->lobby ? cfg->lobby : lobby_dir(NULL);
    if (cfg->id && lobby_id_valid(cfg->id))
        snprintf(r->l.id, sizeof r->l.id, "%s", cfg->id);
    if (lobby_listen(dir, &r->l, err, errsize) != 0) {
        remote_free(r);
        return NULL;
    }
    r->allow = cfg->allow;
    r->no_watchers = cfg->no_watchers;
    r->host_side = cfg->host_side & 1;
    r->coup = cfg->coup;
    r->rules = cfg->rules;
    r->tc = cfg->tc;
    snprintf(r->fen, sizeof r->fen, "%s", cfg->fen ? cfg->fen : "");
    if (!strcmp(r->fen, CT_START_FEN))
        r->fen[0] = 0;
    r->start_side = CT_RED;
    if (r->fen[0]) {
        ct_pos *pos = xmalloc(sizeof *pos);
        if (ct_fen_read(pos, r->fen, NULL) == CT_OK)
            r->start_side = pos->side;
        free(pos);
    }
    if (cfg->guest_user && cfg->guest_user[0]) {
        lobby_allow one;
        if (lobby_parse_for(cfg->guest_user, &one, err, errsize) != 0) {
            remote_free(r);
            return NULL;
        }
        r->guest_known = true;
        r->guest_uid = one.uid[0];
        lobby_user_name(r->guest_uid, r->guest_name, sizeof r->guest_name);
    }
    return r;
}

static void host_info(remote *r, conn *c)
{
    proto_msg m;
    proto_msg_init(&m, PROTO_INFO);
    snprintf(m.name[0], sizeof m.name[0], "%s", r->my_name);
    snprintf(m.name[1], sizeof m.name[1], "%s", r->guest_known ? r->guest_name : "-");
    m.rules = r->rules;
    m.tc = r->tc;
    m.ply = r->nmoves;
    m.count = r->watchers;
    m.coup = r->coup;
    m.arg = r->over ? PROTO_OVER : !r->guest_known ? PROTO_OPEN : r->guest >= 0 ? PROTO_PLAYING
                                                                                : PROTO_AWAY;
    conn_send(c, &m);
    conn_bye(c, "done", NULL);
}

static void refuse(remote *r, conn *c, const char *why)
{
    conn_bye(c, "refused", why);
    push_kind(r, REMOTE_EV_REFUSED, c->peer.user, why);
}

static void host_hello(remote *r, int idx, const proto_msg *m, int64_t now)
{
    conn *c = &r->c[idx];
    proto_msg reply;
    proto_msg_init(&reply, PROTO_HELLO);
    reply.role = PROTO_ROLE_HOST;
    conn_send(c, &reply);
    if (m->version != PROTO_VERSION) {
        conn_bye(c, "version", "this host speaks version 1");
        return;
    }
    if (m->role == PROTO_ROLE_HOST) {
        conn_bye(c, "protocol", "two hosts");
        return;
    }
    c->role = m->role;
    /* 1. Who may see this game at all: the --for list, from the kernel's credentials. */
    if (!lobby_admits(&r->allow, r->my_uid, c->peer.uid)) {
        if (m->role == PROTO_ROLE_LIST)
            conn_bye(c, "refused", NULL); /* not even told that it was refused */
        else
            refuse(r, c, "this game is not offered to you");
        return;
    }
    if (m->role == PROTO_ROLE_LIST) {
        host_info(r, c);
        return;
    }
    if (m->role == PROTO_ROLE_WATCHER) {
        if (r->no_watchers) {
            refuse(r, c, "this game has no watchers");
            return;
        }
        c->greeted = true;
        r->watchers++;
        send_snapshot(r, c, PROTO_SEAT_WATCHER, now);
        send_watchers(r);
        push_kind(r, REMOTE_EV_WATCHERS, c->peer.user, NULL);
        return;
    }
    /* 2. A player: the host's own account only with the code (another session of it);
     *    the seat is the first comer's, and only that user may take it back. */
    if (c->peer.uid == r->my_uid && strcmp(m->code, r->l.code) != 0) {
        refuse(r, c, m->code[0] ? "wrong game code" : "your own game: give its code to play it");
        return;
    }
    if (r->guest_known && c->peer.uid != r->guest_uid) {
        refuse(r, c, "the seat is taken");
        return;
    }
    if (r->guest >= 0 && r->guest != idx) {
        /* The same user again: the newest link wins (the old one may be dead already). */
        conn_bye(&r->c[r->guest], "replaced", "you joined again from elsewhere");
        r->guest = -1;
    }
    c->greeted = true;
    r->guest = idx;
    r->guest_known = true;
    r->guest_uid = c->peer.uid;
    snprintf(r->guest_name, sizeof r->guest_name, "%s", c->peer.user);
    /* The others learn the guest's name (a fresh seat line), then the guest its snapshot. */
    proto_msg seat;
    for (int i = 0; i < REMOTE_MAX_CONNS; i++)
        if (i != idx && conn_live(&r->c[i]) && r->c[i].greeted && r->c[i].role == PROTO_ROLE_WATCHER) {
            fill_seat(r, &seat, PROTO_SEAT_WATCHER);
            conn_send(&r->c[i], &seat);
            proto_msg_init(&seat, PROTO_PEER);
            seat.arg = 1;
            conn_send(&r->c[i], &seat);
        }
    send_snapshot(r, c, !r->host_side, now);
    push_kind(r, REMOTE_EV_JOINED, c->peer.user, NULL);
}

/* The peer's move of ply `ply`, handed to the seat waiting for it. */
static void post_move(remote *r, ct_move move, int ply)
{
    pthread_mutex_lock(&r->lock);
    r->pending = move;
    r->pending_ply = ply;
    pthread_cond_broadcast(&r->cond);
    pthread_mutex_unlock(&r->lock);
}

static void host_message(remote *r, int idx, const proto_msg *m, int64_t now)
{
    conn *c = &r->c[idx];
    if (!c->greeted) {
        if (m->type != PROTO_HELLO) {
            conn_bye(c, "protocol", "hello first");
            return;
        }
        host_hello(r, idx, m, now);
        return;
    }
    bool guest = idx == r->guest;
    remote_event e;
    memset(&e, 0, sizeof e);
    snprintf(e.name, sizeof e.name, "%s", c->peer.user);
    switch (m->type) {
    case PROTO_MOVE:
        if (!guest) {
            conn_bye(c, "protocol", "watchers do not move");
            return;
        }
        if (m->reveal || m->taken) {
            /* Only the referee knows what a face-down piece is: a guest that says so is
             * making it up (or has read what it must not). */
            char why[160];
            snprintf(why, sizeof why,
                     m->reveal ? "its move %d claims to reveal a piece: only the host's program "
                                 "reveals"
                               : "its move %d names a captured face-down piece: only the host's "
                                 "program knows it",
                     m->ply);
            push_kind(r, REMOTE_EV_BAD, c->peer.user, why);
            conn_bye(c, "refused", why);
            return;
        }
        if (r->over || m->ply <= r->nmoves || side_at_ply(r, m->ply) == r->host_side)
            return; /* crossed a takeback or the end: stale, not hostile */
        if (m->ply != r->nmoves + 1) {
            conn_bye(c, "protocol", "move out of turn");
            return;
        }
        post_move(r, m->move, m->ply);
        return;
    case PROTO_DRAW:
    case PROTO_UNDO:
    case PROTO_RESIGN:
        if (!guest) {
            conn_bye(c, "protocol", "watchers do not play");
            return;
        }
        e.kind = m->type == PROTO_DRAW ? REMOTE_EV_DRAW
                 : m->type == PROTO_UNDO ? REMOTE_EV_UNDO
                                         : REMOTE_EV_RESIGN;
        e.arg = m->arg;
        e.ply = m->ply;
        push(r, &e);
        return;
    case PROTO_CHAT: {
        if (!guest)
            return; /* watchers watch: their chat would reach the players */
        e.kind = REMOTE_EV_CHAT;
        snprintf(e.text, sizeof e.text, "%s", m->text);
        push(r, &e);
        /* Watchers see the players' chat, with who said it (the kernel's name). */
        to_watchers(r, c->peer.user, m->text);
        return;
    }
    case PROTO_BYE:
        c->closing = true;
        c->out_len = 0;
        return;
    case PROTO_COMMIT:
    case PROTO_DISCLOSE:
        push_kind(r, REMOTE_EV_BAD, c->peer.user, "it sent a deal: only the host deals");
        conn_bye(c, "refused", "only the host deals");
        return;
    default:
        conn_bye(c, "protocol", "not a guest's message");
        return;
    }
}

/* A link ended (EOF, error, bye, rule broken): tidy up and tell whom it concerns. */
static void host_drop(remote *r, int idx)
{
    conn *c = &r->c[idx];
    bool was_guest = idx == r->guest;
    bool was_watcher = c->greeted && c->role == PROTO_ROLE_WATCHER;
    conn_close(c);
    if (was_guest) {
        r->guest = -1;
        proto_msg m;
        proto_msg_init(&m, PROTO_PEER);
        m.arg = 0;
        broadcast(r, &m);
        push_kind(r, REMOTE_EV_AWAY, r->guest_name, NULL);
    }
    if (was_watcher) {
        r->watchers--;
        send_watchers(r);
        push_kind(r, REMOTE_EV_WATCHERS, NULL, NULL);
    }
}

static void host_accept(remote *r, int64_t now)
{
    for (;;) {
        int fd = lobby_accept(&r->l);
        if (fd < 0)
            return;
        int slot = -1;
        for (int i = 0; i < REMOTE_MAX_CONNS && slot < 0; i++)
            if (!conn_live(&r->c[i]))
                slot = i;
        lobby_peer peer;
        if (slot < 0 || lobby_peer_of(fd, &peer) != 0) {
            static const char full[] = "bye full\n";
            ssize_t w = write(fd, full, sizeof full - 1);
            (void)w;
            close(fd);
            continue;
        }
        conn_open(&r->c[slot], fd, fd, GUEST_BURST, GUEST_RATE, now);
        r->c[slot].peer = peer;
    }
}

/* ------------------------------------------------------------------ joining */
static remote *joiner_start(int rfd, int wfd, const char *code, bool watch)
{
    remote *r = remote_alloc(false);
    set_nonblock(rfd);
    set_nonblock(wfd);
    int64_t now = sys_now_ms();
    conn_open(&r->c[0], rfd, wfd, HOST_BURST, HOST_RATE, now);
    r->c[0].greeted = true; /* the host greets first; checked in joiner_message */
    proto_msg m;
    proto_msg_init(&m, PROTO_HELLO);
    m.role = watch ? PROTO_ROLE_WATCHER : PROTO_ROLE_PLAYER;
    if (code && code[0])
        snprintf(m.code, sizeof m.code, "%s", code);
    snprintf(r->code, sizeof r->code, "%s", m.code);
    conn_send(&r->c[0], &m);
    r->my_side = PROTO_SEAT_WATCHER;
    return r;
}

remote *remote_join_fds(int rfd, int wfd, const char *code, const char *id, bool watch, char *err,
                        size_t errsize)
{
    if (code && code[0] && !lobby_code_valid(code)) {
        snprintf(err, errsize, "'%s' is not a game code", code);
        return NULL;
    }
    remote *r = joiner_start(rfd, wfd, code, watch);
    if (id && lobby_id_valid(id))
        snprintf(r->l.id, sizeof r->l.id, "%s", id);
    return r;
}

/* Asks one game for its info line (`cotuong games` does the same). 0 and the host's
 * credentials when it answered. */
static int ask_info(const char *dir, const char *id, proto_msg *info, lobby_peer *host)
{
    char err[256];
    int fd = lobby_connect(dir, id, host, err, sizeof err);
    if (fd < 0)
        return -1;
    struct timeval tv = {.tv_sec = 1, .tv_usec = 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    static const char hello[] = "hello 1 list\n";
    int rc = -1;
    if (write(fd, hello, sizeof hello - 1) == (ssize_t)(sizeof hello - 1)) {
        proto_reader rd;
        proto_reader_init(&rd, 8, 8);
        char buf[1024];
        ssize_t n;
        while (rc != 0 && (n = read(fd, buf, sizeof buf)) > 0) {
            proto_reader_feed(&rd, buf, (size_t)n);
            proto_msg m;
            int k;
            while ((k = proto_reader_next(&rd, &m, 0)) == 1)
                if (m.type == PROTO_INFO) {
                    *info = m;
                    rc = 0;
                }
            if (k < 0)
                break;
        }
    }
    close(fd);
    return rc;
}

int remote_list(const char *dir, remote_listing *out, int max, char *err, size_t errsize)
{
    char (*ids)[LOBBY_ID_LEN + 1] = xmalloc(sizeof *ids * 256);
    int n = lobby_scan(dir, ids, 256, err, errsize);
    int k = 0;
    for (int i = 0; i < n && k < max; i++) {
        proto_msg m;
        lobby_peer host;
        if (ask_info(dir, ids[i], &m, &host) != 0)
            continue;
        remote_listing *o = &out[k++];
        snprintf(o->id, sizeof o->id, "%s", ids[i]);
        /* The host's name is the kernel's, not what the host says. */
        snprintf(o->host, sizeof o->host, "%s", host.user);
        o->host_uid = host.uid;
        snprintf(o->guest, sizeof o->guest, "%s", m.name[1]);
        o->rules = m.rules;
        o->tc = m.tc;
        o->ply = m.ply;
        o->watchers = m.count;
        o->state = m.arg;
        o->coup = m.coup;
    }
    free(ids);
    return n < 0 ? -1 : k;
}

int remote_find(const char *dir, const char *which, bool watch, char *id, char *err,
                size_t errsize)
{
    remote_listing *list = xmalloc(sizeof *list * 64);
    int n = remote_list(dir, list, 64, err, errsize);
    if (n < 0) {
        free(list);
        return -1;
    }
    /* The game: an id, a game code (then a game of one's own account), a host's name, or
     * nothing (the only one there is). */
    bool any = !which || !which[0];
    bool by_code = !any && lobby_code_valid(which);
    int pick = -1, found = 0, own = -1, owned = 0;
    for (int i = 0; i < n; i++) {
        bool match = any || !strcmp(list[i].id, which) || !strcmp(list[i].host, which) ||
                     (by_code && list[i].host_uid == geteuid());
        /* Without a name, a player looks for a seat: its own games only with a code. */
        if (any && !watch && list[i].state == PROTO_OPEN && list[i].host_uid == geteuid()) {
            if (own < 0)
                own = i;
            owned++;
        }
        if (any && !watch && (list[i].state == PROTO_OVER || list[i].host_uid == geteuid()))
            match = false;
        if (match) {
            if (pick < 0)
                pick = i;
            found++;
        }
    }
    if (pick < 0) {
        /* `cotuong games` lists the open games of one's own account too: say they are there
         * and what joining one takes, rather than that there is none. */
        if (owned == 1)
            snprintf(err, errsize, "game %s is your own account's: give the code its host shows "
                     "(cotuong join CODE)", list[own].id);
        else if (owned > 1)
            snprintf(err, errsize, "%d open games are your own account's: give the code the "
                     "host of one shows (cotuong join CODE)", owned);
        else if (any)
            snprintf(err, errsize, "no game to %s in %s (cotuong games lists them)",
                     watch ? "watch" : "join", dir);
        else
            snprintf(err, errsize, "no game '%s' for you in %s (cotuong games lists them)",
                     which, dir);
        free(list);
        return -1;
    }
    if (found > 1 && !by_code) {
        snprintf(err, errsize, "%d games match; name one by its id (cotuong games lists them)",
                 found);
        free(list);
        return -1;
    }
    snprintf(id, LOBBY_ID_LEN + 1, "%s", list[pick].id);
    free(list);
    return 0;
}

remote *remote_join(const char *lobby, const char *which, bool watch, char *err, size_t errsize)
{
    const char *dir = lobby ? lobby : lobby_dir(NULL);
    char id[LOBBY_ID_LEN + 1];
    if (remote_find(dir, which, watch, id, err, errsize) != 0)
        return NULL;
    lobby_peer host;
    int fd = lobby_connect(dir, id, &host, err, errsize);
    if (fd < 0)
        return NULL;
    remote *r = joiner_start(fd, fd, which && lobby_code_valid(which) ? which : NULL, watch);
    snprintf(r->l.id, sizeof r->l.id, "%s", id);
    return r;
}

void remote_disagree(remote *r, const char *text)
{
    push_kind(r, REMOTE_EV_DISAGREE, NULL, text);
    conn_bye(&r->c[0], "disagree", text);
    r->closed = true;
}

static void disagree(remote *r, const char *fmt, int ply)
{
    char text[200];
    snprintf(text, sizeof text, fmt, ply);
    push_kind(r, REMOTE_EV_DISAGREE, NULL, text);
    conn_bye(&r->c[0], "disagree", text);
    r->closed = true;
}

static void joiner_message(remote *r, const proto_msg *m, int64_t now)
{
    conn *c = &r->c[0];
    remote_event e;
    memset(&e, 0, sizeof e);
    if (!r->hello_seen && m->type != PROTO_HELLO && m->type != PROTO_BYE) {
        conn_bye(c, "protocol", "hello first");
        r->closed = true;
        push_kind(r, REMOTE_EV_CLOSED, NULL, "the host did not greet");
        return;
    }
    switch (m->type) {
    case PROTO_HELLO:
        r->hello_seen = true;
        if (m->role != PROTO_ROLE_HOST || m->version != PROTO_VERSION) {
            conn_bye(c, "version", "this side speaks version 1");
            r->closed = true;
            push_kind(r, REMOTE_EV_CLOSED, NULL, "the host speaks another protocol version");
        }
        return;
    case PROTO_SEAT:
        r->my_side = m->side;
        snprintf(r->names[0], sizeof r->names[0], "%s", m->name[0]);
        snprintf(r->names[1], sizeof r->names[1], "%s", m->name[1]);
        return;
    case PROTO_GAME: {
        /* A snapshot: everything starts again from it. */
        r->rules = m->rules;
        r->tc = m->tc;
        snprintf(r->fen, sizeof r->fen, "%s", m->fen);
        r->start_side = CT_RED;
        if (r->fen[0]) {
            ct_pos *pos = xmalloc(sizeof *pos);
            if (ct_fen_read(pos, r->fen, NULL) == CT_OK)
                r->start_side = pos->side;
            free(pos);
        }
        r->nmoves = 0;
        r->over = false;
        r->synced = false;
        r->coup = m->coup;
        r->commit[0] = 0;
        r->disclosed = false;
        r->sent_ply = 0;
        return;
    }
    case PROTO_COMMIT:
        if (!r->coup || r->synced) {
            disagree(r, "the host sent a commitment outside a cờ úp snapshot (ply %d)", r->nmoves);
            return;
        }
        snprintf(r->commit, sizeof r->commit, "%s", m->commit);
        return;
    case PROTO_DISCLOSE:
        if (!r->coup || !r->over || r->disclosed) {
            disagree(r, "the host disclosed a deal before the end (ply %d)", r->nmoves);
            return;
        }
        snprintf(r->deal_text, sizeof r->deal_text, "%s", m->deal);
        snprintf(r->salt, sizeof r->salt, "%s", m->salt);
        r->disclosed = true;
        if (r->synced)
            push_kind(r, REMOTE_EV_DISCLOSED, NULL, NULL);
        return;
    case PROTO_MOVE:
        if (!r->coup && (m->reveal || m->taken)) {
            disagree(r, "the host's move at ply %d reveals a piece in a game of cờ tướng", m->ply);
            return;
        }
        if (r->coup && m->ply == r->nmoves + 1 && r->synced && side_at_ply(r, m->ply) == r->my_side) {
            /* Our own move comes back from the referee with what it revealed. */
            if (r->sent_ply != m->ply || r->sent_move != m->move) {
                disagree(r, "the host played a move for you at ply %d that you did not make", m->ply);
                return;
            }
            r->sent_ply = 0;
        }
        if (r->coup && m->ply == r->nmoves + 1) {
            r->reveal[m->ply - 1] = (uint8_t)m->reveal;
            r->taken[m->ply - 1] = (uint8_t)m->taken;
        }
        if (m->ply <= r->nmoves) {
            /* The host's echo of a move we know (ours): it must be the same move. */
            if (r->moves[m->ply - 1] != m->move)
                disagree(r, "the host has another move at ply %d than this side played", m->ply);
            return;
        }
        if (m->ply != r->nmoves + 1) {
            disagree(r, "the host skipped to ply %d", m->ply);
            return;
        }
        r->moves[r->nmoves++] = m->move;
        if (r->synced && !(r->coup && side_at_ply(r, m->ply) == r->my_side)) {
            post_move(r, m->move, m->ply);
        }
        return;
    case PROTO_CLOCK:
        r->clock_ms[0] = m->clock_ms[0];
        r->clock_ms[1] = m->clock_ms[1];
        r->clock_side = m->side;
        r->clock_at = now;
        if (r->synced)
            push_kind(r, REMOTE_EV_CLOCK, NULL, NULL);
        return;
    case PROTO_SYNC:
        if (m->ply != r->nmoves) {
            disagree(r, "the snapshot announced %d plies", m->ply);
            return;
        }
        r->synced = true;
        push_kind(r, REMOTE_EV_SYNCED, NULL, NULL);
        return;
    case PROTO_TAKEBACK:
        if (m->ply > r->nmoves) {
            disagree(r, "the host took back to ply %d, beyond the game", m->ply);
            return;
        }
        r->nmoves = m->ply;
        r->over = false;
        r->sent_ply = 0;
        pthread_mutex_lock(&r->lock);
        r->pending_ply = 0;
        pthread_mutex_unlock(&r->lock);
        e.kind = REMOTE_EV_TAKEBACK;
        e.ply = m->ply;
        push(r, &e);
        return;
    case PROTO_RESULT:
        r->over = true;
        r->result = m->result;
        r->reason = m->reason;
        r->adjourned = m->adjourned;
        e.kind = REMOTE_EV_RESULT;
        e.result = m->result;
        e.reason = m->reason;
        e.adjourned = m->adjourned;
        push(r, &e);
        return;
    case PROTO_DRAW:
    case PROTO_UNDO:
        if (r->my_side == PROTO_SEAT_WATCHER)
            return;
        e.kind = m->type == PROTO_DRAW ? REMOTE_EV_DRAW : REMOTE_EV_UNDO;
        e.arg = m->arg;
        e.ply = m->ply;
        push(r, &e);
        return;
    case PROTO_CHAT:
        push_kind(r, REMOTE_EV_CHAT, NULL, m->text);
        return;
    case PROTO_WATCHERS:
        r->watchers = m->count;
        push_kind(r, REMOTE_EV_WATCHERS, NULL, NULL);
        return;
    case PROTO_PEER:
        push_kind(r, m->arg ? REMOTE_EV_BACK : REMOTE_EV_AWAY, NULL, NULL);
        return;
    case PROTO_BYE: {
        char text[PROTO_TEXT_MAX * 3 + 40];
        snprintf(text, sizeof text, "%s%s%s", m->word, m->text[0] ? ": " : "", m->text);
        push_kind(r, REMOTE_EV_CLOSED, NULL, text);
        r->closed = true;
        c->closing = true;
        c->out_len = 0;
        return;
    }
    default:
        conn_bye(c, "protocol", "not a host's message");
        r->closed = true;
        push_kind(r, REMOTE_EV_CLOSED, NULL, "the host sent a message only guests send");
        return;
    }
}

void remote_game_setup(const remote *r, ct_rules *rules, ct_time_control *tc, char *fen,
                       size_t fensize)
{
    *rules = r->rules;
    *tc = r->tc;
    snprintf(fen, fensize, "%s", r->fen);
}

int remote_game_moves(const remote *r, ct_move *out, int max)
{
    int n = r->nmoves < max ? r->nmoves : max;
    memcpy(out, r->moves, (size_t)n * sizeof *out);
    return n;
}

int64_t remote_clock_left(const remote *r, int side, int64_t now, int *running)
{
    if (running)
        *running = r->clock_side;
    int64_t v = r->clock_ms[side & 1];
    if (v < 0)
        return -1;
    if (r->clock_side == (side & 1))
        v -= now - r->clock_at;
    return v < 0 ? 0 : v;
}

/* ------------------------------------------------------------------ both */
static void read_conn(remote *r, int idx, int64_t now)
{
    conn *c = &r->c[idx];
    char buf[4096];
    for (int rounds = 0; rounds < 16 && conn_live(c) && !c->closing; rounds++) {
        ssize_t n = read(c->rfd, buf, sizeof buf);
        if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK)) {
            c->closing = true;
            c->out_len = 0;
            if (!r->host && !r->closed) {
                r->closed = true;
                push_kind(r, REMOTE_EV_CLOSED, NULL, "the link to the host is gone");
            }
            return;
        }
        if (n < 0)
            return;
        size_t off = 0;
        while (off < (size_t)n && !c->closing) {
            off += proto_reader_feed(&c->rd, buf + off, (size_t)n - off);
            proto_msg m;
            int k;
            while (!c->closing && (k = proto_reader_next(&c->rd, &m, now)) == 1) {
                if (r->host)
                    host_message(r, idx, &m, now);
                else
                    joiner_message(r, &m, now);
            }
            if (!c->closing && c->rd.failed) {
                conn_bye(c, "protocol", c->rd.why);
                if (!r->host) {
                    r->closed = true;
                    push_kind(r, REMOTE_EV_CLOSED, NULL, c->rd.why);
                }
            }
        }
    }
}

void remote_step(remote *r, int64_t now)
{
    if (r->host)
        host_accept(r, now);
    for (int i = 0; i < REMOTE_MAX_CONNS; i++) {
        conn *c = &r->c[i];
        if (!conn_live(c))
            continue;
        if (!c->closing)
            read_conn(r, i, now);
        /* A host gives a newcomer a few seconds to say who it wants to be. */
        if (r->host && !c->greeted && !c->closing && now - c->opened > REMOTE_GREET_MS)
            conn_bye(c, "timeout", "no hello");
        conn_flush(c);
        if (c->closing && c->out_len == 0) {
            if (r->host) {
                host_drop(r, i);
            } else {
                conn_close(c);
                if (!r->closed) {
                    r->closed = true;
                    push_kind(r, REMOTE_EV_CLOSED, NULL, "the link to the host is gone");
                }
            }
        }
    }
}

static int current_line(const game *g, ct_move *out, int max)
{
    return ct_record_line_to(&g->rec, g->node, out, max);
}

void remote_publish(remote *r, const game *g, int64_t now)
{
    ct_move *line = xmalloc(sizeof(ct_move) * PROTO_PLY_MAX);
    int n = current_line(g, line, PROTO_PLY_MAX);
    if (n > PROTO_PLY_MAX)
        n = PROTO_PLY_MAX;
    proto_msg m;
    if (!r->host) {
        /* 1. The joiner: only its own next move (cờ úp: remote_send_move, before the game
         *    plays it, since only the host knows what it reveals). */
        if (!r->coup && r->my_side != PROTO_SEAT_WATCHER && !r->closed && n == r->nmoves + 1 &&
            !memcmp(line, r->moves, (size_t)r->nmoves * sizeof *line) &&
            side_at_ply(r, n) == r->my_side) {
            r->moves[r->nmoves++] = line[n - 1];
            proto_msg_init(&m, PROTO_MOVE);
            m.ply = n;
            m.move = line[n - 1];
            conn_send(&r->c[0], &m);
        }
        free(line);
        return;
    }
    /* 2. The host: a takeback to the common prefix, the new moves, the clock, the end. */
    int k = 0;
    while (k < n && k < r->nmoves && line[k] == r->moves[k])
        k++;
    bool changed = false;
    if (k < r->nmoves) {
        proto_msg_init(&m, PROTO_TAKEBACK);
        m.ply = k;
        broadcast(r, &m);
        r->nmoves = k;
        r->over = false;
        changed = true;
        pthread_mutex_lock(&r->lock);
        r->pending_ply = 0;
        pthread_mutex_unlock(&r->lock);
    }
    for (; k < n; k++) {
        r->moves[r->nmoves++] = line[k];
        if (r->coup && g->coup && k < g->coup->ply) {
            /* From the referee's history: what the move turned up, what it took face down. */
            const ct_coup_undo *u = &g->coup->hist[k];
            r->reveal[k] = (u->moved & CT_COUP_DOWN) ? (uint8_t)CT_COUP_TYPE(u->moved) : 0;
            r->taken[k] = (u->captured & CT_COUP_DOWN) ? (uint8_t)CT_COUP_TYPE(u->captured) : 0;
        }
        for (int i = 0; i < REMOTE_MAX_CONNS; i++)
            if (conn_live(&r->c[i]) && r->c[i].greeted && r->c[i].role != PROTO_ROLE_LIST) {
                fill_move(r, &m, k, i == r->guest);
                conn_send(&r->c[i], &m);
            }
        changed = true;
    }
    free(line);
    bool timed = ct_tc_timed(&g->tc);
    int side = g->clock.running ? g->clock.side : PROTO_STOPPED;
    if (changed || side != r->sent_clock_side || timed != r->sent_running) {
        for (int s = 0; s < 2; s++)
            r->clock_ms[s] = timed ? game_time_left(g, s, now) : -1;
        if (r->clock_ms[0] < 0 && timed)
            r->clock_ms[0] = 0;
        if (r->clock_ms[1] < 0 && timed)
            r->clock_ms[1] = 0;
        r->clock_side = timed ? side : PROTO_STOPPED;
        r->clock_at = now;
        r->sent_clock_side = side;
        r->sent_running = timed;
        fill_clock(r, &m, now);
        broadcast(r, &m);
    }
    if (game_over(g) && !r->over) {
        r->over = true;
        r->result = g->match.result;
        r->reason = g->match.reason;
        r->adjourned = false;
        fill_result(r, &m);
        broadcast(r, &m);
        if (r->coup) {
            /* The game is over: the deal and the salt, so that everyone can check them. */
            fill_disclose(r, &m);
            broadcast(r, &m);
        }
    }
}

static void to_player(remote *r, const proto_msg *m)
{
    if (r->host) {
        if (r->guest >= 0)
            conn_send(&r->c[r->guest], m);
    } else if (r->my_side != PROTO_SEAT_WATCHER) {
        conn_send(&r->c[0], m);
    }
}

void remote_send_draw(remote *r, proto_draw what)
{
    proto_msg m;
    proto_msg_init(&m, PROTO_DRAW);
    m.arg = what;
    to_player(r, &m);
}

void remote_send_undo(remote *r, proto_undo what, int ply)
{
    proto_msg m;
    proto_msg_init(&m, PROTO_UNDO);
    m.arg = what;
    m.ply = ply;
    to_player(r, &m);
}

void remote_send_resign(remote *r)
{
    proto_msg m;
    proto_msg_init(&m, PROTO_RESIGN);
    to_player(r, &m);
}

void remote_send_chat(remote *r, const char *text)
{
    proto_msg m;
    proto_msg_init(&m, PROTO_CHAT);
    snprintf(m.text, sizeof m.text, "%s", text);
    to_player(r, &m);
    if (r->host)
        to_watchers(r, r->my_name, text);
}

void remote_close(remote *r, const char *reason)
{
    if (r->host && !r->over && !strcmp(reason, "adjourned")) {
        /* The host stops before the end: the game is kept, not lost. */
        proto_msg m;
        r->adjourned = true;
        fill_result(r, &m);
        m.result = CT_RESULT_NONE;
        broadcast(r, &m);
    }
    for (int i = 0; i < REMOTE_MAX_CONNS; i++)
        if (conn_live(&r->c[i]) && !r->c[i].closing)
            conn_bye(&r->c[i], reason, NULL);
    /* A short while to let the goodbyes out. */
    int64_t until = sys_now_ms() + 300;
    for (;;) {
        bool pending = false;
        for (int i = 0; i < REMOTE_MAX_CONNS; i++)
            if (conn_live(&r->c[i]) && r->c[i].out_len > 0) {
                conn_flush(&r->c[i]);
                pending |= r->c[i].out_len > 0;
            }
        if (!pending || sys_now_ms() > until)
            break;
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    r->closed = true;
}

void remote_apply_result(game *g, ct_result result, ct_end_reason reason, int64_t now)
{
    if (game_over(g) || result == CT_RESULT_NONE)
        return;
    int ply = g->pos->ply;
    if (result == CT_RESULT_DRAW) {
        g->match.loser = -1;
    } else {
        g->match.loser = result == CT_RESULT_RED_WINS ? CT_BLACK : CT_RED;
    }
    g->match.result = result;
    g->match.reason = reason;
    g->match.end_ply = ply;
    g->match.offer_side = -1;
    g->rec.result = result;
    g->rec.termination = reason;
    if (g->clock.running)
        ct_clock_pause(&g->clock, now);
}

/* ------------------------------------------------------------------ the seat */
static void seat_think(void *impl, game_seat *seat, const ct_pos *pos, const ct_limits *lim,
                       game_seat_result *res)
{
    (void)lim;
    remote *r = impl;
    /* Cờ úp: the game's ct_pos does not move; the owner says which ply is awaited. */
    int want = pos->ply + 1;
    pthread_mutex_lock(&r->lock);
    for (;;) {
        if (r->coup)
            want = r->coup_want;
        if (r->pending_ply == want || game_seat_stopping(seat))
            break;
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += 50 * 1000 * 1000;
        if (ts.tv_nsec >= 1000000000) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000;
        }
        pthread_cond_timedwait(&r->cond, &r->lock, &ts);
    }
    if (r->pending_ply == want) {
        res->status = GAME_SEAT_MOVE;
        res->move = r->pending;
        r->pending_ply = 0;
    } else {
        res->status = GAME_SEAT_FORFEIT;
        snprintf(res->detail, sizeof res->detail, "stopped");
    }
    pthread_mutex_unlock(&r->lock);
}

static void seat_stop(void *impl)
{
    remote *r = impl;
    pthread_mutex_lock(&r->lock);
    pthread_cond_broadcast(&r->cond);
    pthread_mutex_unlock(&r->lock);
}

static const game_seat_ops remote_seat_ops = {
    .think = seat_think,
    .stop = seat_stop,
};

game_seat *remote_seat_new(remote *r)
{
    return game_seat_new(&remote_seat_ops, r, "remote");
}

/* ------------------------------------------------------------------ cờ úp */
bool remote_is_coup(const remote *r)
{
    return r->coup;
}

void remote_coup_set(remote *r, const ct_coup_deal *deal, const char *salt_hex)
{
    ct_coup_deal_text(deal, r->deal_text, sizeof r->deal_text);
    snprintf(r->salt, sizeof r->salt, "%s", salt_hex);
    ct_coup_commit(deal, r->salt, r->commit);
}

const char *remote_coup_commitment(const remote *r)
{
    return r->commit;
}

int remote_coup_line(const remote *r, ct_move *moves, uint8_t *reveals, uint8_t *taken, int max)
{
    int n = r->nmoves < max ? r->nmoves : max;
    memcpy(moves, r->moves, (size_t)n * sizeof *moves);
    memcpy(reveals, r->reveal, (size_t)n);
    memcpy(taken, r->taken, (size_t)n);
    return n;
}

bool remote_coup_disclosure(const remote *r, char deal[32], char salt[65])
{
    if (!r->disclosed)
        return false;
    snprintf(deal, 32, "%s", r->deal_text);
    snprintf(salt, 65, "%s", r->salt);
    return true;
}

void remote_coup_expect(remote *r, int ply)
{
    pthread_mutex_lock(&r->lock);
    if (r->coup_want != ply) {
        r->coup_want = ply;
        pthread_cond_broadcast(&r->cond);
    }
    pthread_mutex_unlock(&r->lock);
}

bool remote_send_move(remote *r, int ply, ct_move mv)
{
    if (r->host || r->closed || r->my_side == PROTO_SEAT_WATCHER || ply != r->nmoves + 1 ||
        side_at_ply(r, ply) != r->my_side || r->sent_ply)
        return false;
    proto_msg m;
    proto_msg_init(&m, PROTO_MOVE);
    m.ply = ply;
    m.move = mv;
    conn_send(&r->c[0], &m);
    r->sent_ply = ply;
    r->sent_move = mv;
    return true;
}

int remote_sent_ply(const remote *r)
{
    return r->sent_ply;
}
