/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — external engine processes: fork/exec with two pipes, line I/O with timeouts,
 * and the UCI, UCCI and xboard dialogues needed to get one move for a position. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sys/engine_proc.h"
#include "sys/sanitize.h"
#include "sys/systime.h"
#include "sys/xmalloc.h"
#include "cotuong/coup.h"
#include "cotuong/movegen.h"

/* The longest "position ... moves ..." line sent (a game of CT_MAX_HISTORY moves fits). */
#define POSITION_LINE_BYTES 65536
/* How long an engine told to stop may take to answer its move before it is killed. */
#define ENGINE_STOP_GRACE_MS 1000

struct sys_engine {
    sys_engine_proto proto;
    pid_t pid;
    int to_fd, from_fd;
    char buf[65536];
    size_t len;
    char name[128];
    bool ranks1;        /* UCI ranks 1..10 (Fairy-Stockfish, Sjaak II) */
    bool has_variant;   /* offers UCI_Variant / variants="...xiangqi" */
    bool has_jieqi;     /* its UCI_Variant offers jieqi (cờ úp) */
    bool jieqi_chosen;  /* UCI_Variant jieqi has been sent */
    bool has_skill;
    int skill_min, skill_max;
    bool usermove;      /* xboard: moves need the "usermove" prefix */
    bool dead;
    int wake_rd, wake_wr; /* sys_engine_wake() -> a waiting think looks at its callback */
    int last_score;
    bool have_score;
    int last_depth;     /* of the last score line of this think (0: none) */
    int exact_score;    /* of the last score line that was not a bound (the analysis's) */
    bool have_exact;
    char options[8192]; /* the option names it offered, each followed by '\n' */
    size_t options_len;
};

static void send_line(sys_engine *e, const char *fmt, ...)
{
    char line[65536];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n > sizeof line - 2)
        n = (int)sizeof line - 2;
    line[n++] = '\n';
    const char *p = line;
    while (n > 0 && !e->dead) {
        ssize_t w = write(e->to_fd, p, (size_t)n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            e->dead = true;
            return;
        }
        p += w;
        n -= (int)w;
    }
}

/* Reads one line into out (without the newline) before deadline (absolute ms). Returns 1
 * on a line, 0 on timeout, -1 when the engine closed its output; with wakeable, 2 when
 * sys_engine_wake() was called. */
static int read_line_ex(sys_engine *e, char *out, size_t size, int64_t deadline, bool wakeable)
{
    for (;;) {
        /* first: an engine that floods lines must not keep us past the deadline */
        if (sys_now_ms() >= deadline)
            return 0;
        char *nl = memchr(e->buf, '\n', e->len);
        if (nl) {
            size_t n = (size_t)(nl - e->buf);
            size_t c = n < size - 1 ? n : size - 1;
            memcpy(out, e->buf, c);
            out[c] = 0;
            if (c > 0 && out[c - 1] == '\r')
                out[c - 1] = 0;
            memmove(e->buf, nl + 1, e->len - n - 1);
            e->len -= n + 1;
            return 1;
        }
        if (e->len == sizeof e->buf) /* an absurdly long line: drop it */
            e->len = 0;
        if (e->dead)
            return -1;
        int64_t left = deadline - sys_now_ms();
        if (left <= 0)
            return 0;
        struct pollfd pfd[2] = {{e->from_fd, POLLIN, 0}, {e->wake_rd, POLLIN, 0}};
        int nfds = wakeable && e->wake_rd >= 0 ? 2 : 1;
        int r = poll(pfd, (nfds_t)nfds, (int)(left > 1000000 ? 1000000 : left));
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            continue;
        if (nfds == 2 && pfd[1].revents) {
            char drain[64];
            while (read(e->wake_rd, drain, sizeof drain) > 0)
                ;
            return 2;
        }
        if (!pfd[0].revents)
            continue;
        ssize_t got = read(e->from_fd, e->buf + e->len, sizeof e->buf - e->len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            e->dead = true;
            return -1;
        }
        e->len += (size_t)got;
    }
}

static int read_line(sys_engine *e, char *out, size_t size, int64_t deadline)
{
    return read_line_ex(e, out, size, deadline, false);
}

bool sys_engine_parse_spec(const char *spec, sys_engine_proto *proto, const char **command)
{
    static const struct {
        const char *prefix;
        sys_engine_proto proto;
    } kinds[] = {{"uci:", SYS_PROTO_UCI}, {"ucci:", SYS_PROTO_UCCI}, {"xboard:", SYS_PROTO_XBOARD}};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        size_t n = strlen(kinds[i].prefix);
        if (!strncmp(spec, kinds[i].prefix, n) && spec[n]) {
            *proto = kinds[i].proto;
            *command = spec + n;
            return true;
        }
    }
    return false;
}

static bool spawn(sys_engine *e, const char *command, char *err, size_t errlen)
{
    int in[2], outp[2];
    if (pipe(in) < 0 || pipe(outp) < 0) {
        snprintf(err, errlen, "pipe: %s", strerror(errno));
        return false;
    }
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errlen, "fork: %s", strerror(errno));
        return false;
    }
    if (pid == 0) {
        /* Its own session: the engine has no controlling terminal, so it cannot open
         * /dev/tty and write to the user's screen (its stderr goes to /dev/null). */
        setsid();
        /* We ignore SIGPIPE; an ignored signal stays ignored across exec, and an engine
         * that then writes to a closed pipe spins on EPIPE forever instead of dying. */
        signal(SIGPIPE, SIG_DFL);
        dup2(in[0], 0);
        dup2(outp[1], 1);
        int devnull = open("/dev/null", O_WRONLY);
        if (devnull >= 0)
            dup2(devnull, 2);
        close(in[0]);
        close(in[1]);
        close(outp[0]);
        close(outp[1]);
        execl("/bin/sh", "sh", "-c", command, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(outp[1]);
    e->pid = pid;
    e->to_fd = in[1];
    e->from_fd = outp[0];
    fcntl(e->to_fd, F_SETFD, FD_CLOEXEC);
    fcntl(e->from_fd, F_SETFD, FD_CLOEXEC);
    return true;
}

static bool contains_ci(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (; *hay; hay++)
        if (!strncasecmp(hay, needle, n))
            return true;
    return false;
}

/* Keeps an offered option's name (the n bytes at name) for sys_engine_set_option's check. */
static void add_option_name(sys_engine *e, const char *name, size_t n)
{
    while (n > 0 && name[n - 1] == ' ')
        n--;
    if (n == 0 || e->options_len + n + 1 > sizeof e->options)
        return;
    memcpy(e->options + e->options_len, name, n);
    e->options_len += n;
    e->options[e->options_len++] = '\n';
}

static void parse_option_line(sys_engine *e, const char *line)
{
    /* UCI "option name NAME type ...", UCCI "option NAME type ..." */
    const char *name = line + 7;
    if (!strncmp(name, "name ", 5))
        name += 5;
    const char *type = strstr(name, " type ");
    add_option_name(e, name, type ? (size_t)(type - name) : strlen(name));

    if (strstr(line, "UCI_Variant") && strstr(line, "xiangqi"))
        e->has_variant = true;
    if (strstr(line, "UCI_Variant") && strstr(line, " var jieqi"))
        e->has_jieqi = true;
    const char *sk = strstr(line, "Skill Level");
    if (sk) {
        e->has_skill = true;
        const char *mn = strstr(line, " min "), *mx = strstr(line, " max ");
        e->skill_min = mn ? atoi(mn + 5) : 0;
        e->skill_max = mx ? atoi(mx + 5) : 20;
    }
}

static bool handshake(sys_engine *e, char *err, size_t errlen)
{
    char line[4096];
    int64_t deadline = sys_now_ms() + 10000;
    signal(SIGPIPE, SIG_IGN);
    if (e->proto == SYS_PROTO_XBOARD) {
        send_line(e, "xboard");
        send_line(e, "protover 2");
        /* Features until done=1 (or 3 s of silence for protocol 1 engines). */
        deadline = sys_now_ms() + 3000;
        for (;;) {
            int r = read_line(e, line, sizeof line, deadline);
            if (r < 0) {
                snprintf(err, errlen, "the engine exited during the handshake");
                return false;
            }
            if (r == 0)
                break;
            if (strncmp(line, "feature ", 8))
                continue;
            char *p = line + 8;
            while (*p) {
                while (*p == ' ')
                    p++;
                char *eq = strchr(p, '=');
                if (!eq)
                    break;
                char fname[64];
                size_t fl = (size_t)(eq - p) < sizeof fname - 1 ? (size_t)(eq - p) : sizeof fname - 1;
                memcpy(fname, p, fl);
                fname[fl] = 0;
                char *v = eq + 1, *vend;
                if (*v == '"') {
                    vend = strchr(v + 1, '"');
                    if (!vend)
                        vend = v + strlen(v);
                    else
                        vend++;
                } else {
                    vend = v + strcspn(v, " ");
                }
                char val[512];
                size_t vl = (size_t)(vend - v) < sizeof val - 1 ? (size_t)(vend - v) : sizeof val - 1;
                memcpy(val, v, vl);
                val[vl] = 0;
                p = vend;
                if (!strcmp(fname, "myname")) {
                    sanitize_text(e->name, sizeof e->name, val + 1, strlen(val) > 2 ? strlen(val) - 2 : 0, 0);
                } else if (!strcmp(fname, "variants")) {
                    if (strstr(val, "xiangqi"))
                        e->has_variant = true;
                } else if (!strcmp(fname, "usermove")) {
                    e->usermove = atoi(val) == 1;
                } else if (!strcmp(fname, "option") && val[0] == '"') {
                    /* option="NAME -spin 5 0 10": the name ends at the " -" of its kind */
                    const char *kind = strstr(val + 1, " -");
                    size_t nl = kind ? (size_t)(kind - val - 1) : strlen(val + 1);
                    if (nl > 0 && val[nl] == '"')
                        nl--;
                    add_option_name(e, val + 1, nl);
                }
                if (!strcmp(fname, "done")) {
                    if (atoi(val) == 1)
                        goto features_done;
                    deadline = sys_now_ms() + 10000;
                } else {
                    send_line(e, "accepted %s", fname);
                }
            }
        }
    features_done:
        if (!e->has_variant) {
            snprintf(err, errlen, "the engine does not offer variant xiangqi");
            return false;
        }
        send_line(e, "post"); /* its thinking lines carry the depth the match reports */
        return !e->dead;
    }

    send_line(e, e->proto == SYS_PROTO_UCCI ? "ucci" : "uci");
    const char *ok = e->proto == SYS_PROTO_UCCI ? "ucciok" : "uciok";
    for (;;) {
        int r = read_line(e, line, sizeof line, deadline);
        if (r < 0) {
            snprintf(err, errlen, "the engine exited during the handshake");
            return false;
        }
        if (r == 0) {
            snprintf(err, errlen, "no '%s' within 10 s", ok);
            return false;
        }
        if (!strncmp(line, "id name ", 8))
            sanitize_text(e->name, sizeof e->name, line + 8, strlen(line + 8), 0);
        else if (!strncmp(line, "option ", 7))
            parse_option_line(e, line);
        else if (!strcmp(line, ok))
            break;
    }
    if (e->proto == SYS_PROTO_UCI) {
        if (e->has_variant)
            send_line(e, "setoption name UCI_Variant value xiangqi");
        /* Fairy-Stockfish and Sjaak II number UCI ranks 1..10. */
        if (contains_ci(e->name, "Fairy-Stockfish") || contains_ci(e->name, "Sjaak"))
            e->ranks1 = true;
        send_line(e, "isready");
    } else {
        if (e->has_variant)
            send_line(e, "setoption UCI_Variant xiangqi");
        send_line(e, "isready");
    }
    deadline = sys_now_ms() + 10000;
    for (;;) {
        int r = read_line(e, line, sizeof line, deadline);
        if (r <= 0) {
            snprintf(err, errlen, r < 0 ? "the engine exited after the handshake" : "no 'readyok' within 10 s");
            return false;
        }
        if (!strcmp(line, "readyok"))
            break;
    }
    return true;
}

sys_engine *sys_engine_start(sys_engine_proto proto, const char *command, char *err, size_t errlen)
{
    sys_engine *e = xcalloc(1, sizeof *e);
    e->proto = proto;
    e->to_fd = e->from_fd = -1;
    int wake[2];
    if (pipe(wake) == 0) {
        for (int i = 0; i < 2; i++) {
            fcntl(wake[i], F_SETFD, FD_CLOEXEC);
            fcntl(wake[i], F_SETFL, O_NONBLOCK);
        }
        e->wake_rd = wake[0];
        e->wake_wr = wake[1];
    } else {
        e->wake_rd = e->wake_wr = -1; /* no wake-up: a stop waits for the next line */
    }
    snprintf(e->name, sizeof e->name, "%s", command);
    if (!spawn(e, command, err, errlen)) {
        sys_engine_free(e);
        return NULL;
    }
    if (!handshake(e, err, errlen)) {
        sys_engine_free(e);
        return NULL;
    }
    return e;
}

bool sys_engine_set_level(sys_engine *e, int level)
{
    if (!e->has_skill || e->proto == SYS_PROTO_XBOARD)
        return false;
    if (level < 1)
        level = 1;
    if (level > 10)
        level = 10;
    int v = e->skill_min + (e->skill_max - e->skill_min) * (level - 1) / 9;
    if (e->proto == SYS_PROTO_UCI)
        send_line(e, "setoption name Skill Level value %d", v);
    else
        send_line(e, "setoption Skill Level %d", v);
    return true;
}

bool sys_engine_set_option(sys_engine *e, const char *name, const char *value, char *err,
                          size_t errlen)
{
    size_t n = strlen(name);
    bool offered = false;
    for (const char *p = e->options; p < e->options + e->options_len;) {
        const char *nl = memchr(p, '\n', (size_t)(e->options + e->options_len - p));
        if (!nl)
            break;
        /* UCI names are case-insensitive; the others are compared the same way */
        if ((size_t)(nl - p) == n && !strncasecmp(p, name, n))
            offered = true;
        p = nl + 1;
    }
    if (!offered) {
        char shown[64];
        sanitize_text(shown, sizeof shown, name, n, SANITIZE_ASCII);
        snprintf(err, errlen, "%s offers no option '%s'", e->name, shown);
        return false;
    }
    if (e->proto == SYS_PROTO_XBOARD) {
        send_line(e, "option %s=%s", name, value);
        return !e->dead;
    }
    if (e->proto == SYS_PROTO_UCI)
        send_line(e, "setoption name %s value %s", name, value);
    else
        send_line(e, "setoption %s %s", name, value);
    /* wait until it has taken it (a big Hash is allocated now, not in the first move) */
    send_line(e, "isready");
    char line[4096];
    int64_t deadline = sys_now_ms() + 10000;
    for (;;) {
        int r = read_line(e, line, sizeof line, deadline);
        if (r <= 0) {
            snprintf(err, errlen, r < 0 ? "the engine exited after setting option %s"
                                        : "no 'readyok' within 10 s after setting option %s", name);
            return false;
        }
        if (!strcmp(line, "readyok"))
            return true;
    }
}

bool sys_engine_exact_score(const sys_engine *e, int *score)
{
    if (e->have_exact)
        *score = e->exact_score;
    return e->have_exact;
}

int sys_engine_depth(const sys_engine *e)
{
    return e->last_depth;
}

void sys_engine_new_game(sys_engine *e)
{
    if (e->proto == SYS_PROTO_UCI)
        send_line(e, "ucinewgame");
}

void sys_engine_wake(sys_engine *e)
{
    if (e->wake_wr >= 0) {
        ssize_t w = write(e->wake_wr, "", 1); /* full pipe: a wake-up is pending anyway */
        (void)w;
    }
}

const char *sys_engine_name(const sys_engine *e)
{
    return e->name;
}

void sys_engine_free(sys_engine *e)
{
    if (!e)
        return;
    if (e->pid > 0) {
        send_line(e, "quit");
        if (e->to_fd >= 0)
            close(e->to_fd);
        /* Wait up to 0.5 s for it to exit, without reaping it (WNOWAIT): while its zombie
         * stands, its pid cannot be reused, so killing its process group (it is a session
         * leader, see spawn) reaches only what it started -- `sh -c` and its children too. */
        siginfo_t info;
        for (int i = 0; i < 50; i++) {
            info.si_pid = 0;
            if (waitid(P_PID, (id_t)e->pid, &info, WEXITED | WNOHANG | WNOWAIT) < 0 || info.si_pid)
                break;
            struct timespec ts = {0, 10000000};
            nanosleep(&ts, NULL);
        }
        kill(-e->pid, SIGKILL);
        int status;
        waitpid(e->pid, &status, 0);
    } else if (e->to_fd >= 0) {
        close(e->to_fd);
    }
    if (e->from_fd >= 0)
        close(e->from_fd);
    if (e->wake_rd >= 0)
        close(e->wake_rd);
    if (e->wake_wr >= 0)
        close(e->wake_wr);
    free(e);
}

/* Our coordinates to the engine's (ranks +1 for ranks1 engines). */
static void move_out(const sys_engine *e, ct_move mv, char *buf)
{
    ct_sq f = CT_FROM(mv), t = CT_TO(mv);
    if (!e->ranks1) {
        ct_move_coord(mv, buf);
        return;
    }
    sprintf(buf, "%c%d%c%d", 'a' + CT_SQ_FILE(f), CT_SQ_RANK(f) + 1, 'a' + CT_SQ_FILE(t), CT_SQ_RANK(t) + 1);
}

static ct_move move_in(const sys_engine *e, const char *s)
{
    return sys_engine_move_in(e->ranks1, s);
}

ct_move sys_engine_move_in(bool ranks1, const char *s)
{
    int f1, r1, f2, r2, n = 0;
    if (sscanf(s, "%*1[a-i]%n", &n) < 0 || n != 1)
        return CT_NO_MOVE;
    f1 = s[0] - 'a';
    const char *p = s + 1;
    char *end;
    r1 = (int)strtol(p, &end, 10);
    if (end == p || *end < 'a' || *end > 'i')
        return CT_NO_MOVE;
    f2 = *end - 'a';
    p = end + 1;
    r2 = (int)strtol(p, &end, 10);
    if (end == p)
        return CT_NO_MOVE;
    if (ranks1) {
        r1--;
        r2--;
    }
    if (r1 < 0 || r1 > 9 || r2 < 0 || r2 > 9 || f1 < 0 || f1 > 8 || f2 < 0 || f2 > 8)
        return CT_NO_MOVE;
    return CT_MOVE(CT_SQ(f1, r1), CT_SQ(f2, r2));
}

/* Sends the game: start position (FEN or startpos) and the moves since. Two engines may
 * do this at once from their seats' threads: the scratch position and line are this call's. */
static void send_position(sys_engine *e, const ct_pos *pos)
{
    ct_pos *start = xmalloc(sizeof *start); /* large (history): not on the stack */
    memcpy(start, pos, sizeof *pos);
    int n = start->ply;
    while (start->ply > 0 && start->hist[start->ply - 1].move != CT_NO_MOVE)
        ct_pos_unmake(start);
    int first = start->ply;
    char fen[128];
    ct_fen_write(start, fen, sizeof fen);
    free(start);
    bool is_start = !strncmp(fen, CT_START_FEN, strlen(CT_START_FEN) - 4); /* any move numbers */
    size_t len;
    if (e->proto == SYS_PROTO_XBOARD) {
        send_line(e, "new");
        send_line(e, "variant xiangqi");
        send_line(e, "force");
        if (!is_start)
            send_line(e, "setboard %s", fen);
        for (int i = first; i < n; i++) {
            char mv[8];
            move_out(e, pos->hist[i].move, mv);
            send_line(e, e->usermove ? "usermove %s" : "%s", mv);
        }
        return;
    }
    char *line = xmalloc(POSITION_LINE_BYTES);
    if (is_start)
        len = (size_t)snprintf(line, POSITION_LINE_BYTES, "position startpos");
    else
        len = (size_t)snprintf(line, POSITION_LINE_BYTES, "position fen %s", fen);
    if (n > first) {
        len += (size_t)snprintf(line + len, POSITION_LINE_BYTES - len, " moves");
        for (int i = first; i < n && len + 8 < POSITION_LINE_BYTES; i++) {
            char mv[8];
            move_out(e, pos->hist[i].move, mv);
            len += (size_t)snprintf(line + len, POSITION_LINE_BYTES - len, " %s", mv);
        }
    }
    send_line(e, "%s", line);
    free(line);
}

/* pos: the position, for lim->only_move (NULL for cờ úp, which never restricts the search) */
static void send_go(sys_engine *e, int side, const ct_pos *pos, const ct_limits *lim)
{
    if (e->proto == SYS_PROTO_XBOARD) {
        int mine = side == CT_RED ? lim->wtime : lim->btime;
        int theirs = side == CT_RED ? lim->btime : lim->wtime;
        int inc = side == CT_RED ? lim->winc : lim->binc;
        if (lim->depth > 0)
            send_line(e, "sd %d", lim->depth);
        if (lim->movetime_ms > 0) {
            /* xboard has no sub-second fixed time: sudden death with a clock of 40 moves'
             * worth makes the engine spend about movetime per move. */
            send_line(e, "level 0 60 0");
            send_line(e, "time %d", lim->movetime_ms * 40 / 10);
            send_line(e, "otim %d", lim->movetime_ms * 40 / 10);
        } else if (mine > 0) {
            send_line(e, "level %d 60 %d", lim->movestogo, inc / 1000);
            send_line(e, "time %d", mine / 10);
            send_line(e, "otim %d", theirs / 10);
        }
        send_line(e, "go");
        return;
    }
    if (e->proto == SYS_PROTO_UCCI) {
        int mine = side == CT_RED ? lim->wtime : lim->btime;
        int inc = side == CT_RED ? lim->winc : lim->binc;
        if (lim->movetime_ms > 0)
            send_line(e, "go time %d increment 0 movestogo 1", lim->movetime_ms);
        else if (mine > 0)
            send_line(e, "go time %d increment %d", mine, inc);
        else if (lim->depth > 0)
            send_line(e, "go depth %d", lim->depth);
        else
            send_line(e, "go depth 8");
        return;
    }
    char line[256];
    size_t len = (size_t)snprintf(line, sizeof line, "go");
    if (lim->movetime_ms > 0)
        len += (size_t)snprintf(line + len, sizeof line - len, " movetime %d", lim->movetime_ms);
    if (lim->wtime > 0 || lim->btime > 0)
        len += (size_t)snprintf(line + len, sizeof line - len, " wtime %d btime %d winc %d binc %d",
                                lim->wtime, lim->btime, lim->winc, lim->binc);
    if (lim->movestogo > 0)
        len += (size_t)snprintf(line + len, sizeof line - len, " movestogo %d", lim->movestogo);
    if (lim->depth > 0)
        len += (size_t)snprintf(line + len, sizeof line - len, " depth %d", lim->depth);
    if (lim->nodes > 0)
        len += (size_t)snprintf(line + len, sizeof line - len, " nodes %llu",
                                (unsigned long long)lim->nodes);
    if (pos && lim->only_move != CT_NO_MOVE && ct_is_legal(pos, lim->only_move)) {
        char mv[8];
        move_out(e, lim->only_move, mv);
        snprintf(line + len, sizeof line - len, " searchmoves %s", mv);
    }
    send_line(e, "%s", line);
}

static bool isdigit_or_sign(char c)
{
    return (c >= '0' && c <= '9') || c == '-';
}

/* A number from an engine, clamped: atoi on "99999999999" is undefined behaviour. */
static int engine_int(const char *p)
{
    long v = strtol(p, NULL, 10);
    return v > 1000000 ? 1000000 : v < -1000000 ? -1000000 : (int)v;
}

/* The score of an "info ... score cp N | mate N | N" line; false if it has none. */
static bool info_score(const char *line, int *score)
{
    const char *p = strstr(line, "score "), *text = strstr(line, " string ");
    if (!p || (text && text < p)) /* "info string ..." is free text, not a score */
        return false;
    p += 6;
    if (!strncmp(p, "cp ", 3)) {
        *score = engine_int(p + 3);
    } else if (!strncmp(p, "mate ", 5)) {
        int m = engine_int(p + 5);
        if (m > 1000)
            m = 1000;
        if (m < -1000)
            m = -1000;
        *score = m > 0 ? CT_SCORE_MATE - (2 * m - 1) : -CT_SCORE_MATE + 2 * (-m);
    } else if (isdigit_or_sign(*p)) {
        *score = engine_int(p);
    } else {
        return false;
    }
    return true;
}

/* The N of a "depth N" token of a UCI/UCCI info line (not of "seldepth N", nor in the free
 * text after "string"); -1 when there is none. */
static int info_depth(const char *line)
{
    const char *p = line;
    while (*p) {
        while (*p == ' ')
            p++;
        size_t n = strcspn(p, " ");
        if (n == 6 && !strncmp(p, "string", 6))
            return -1;
        if (n == 5 && !strncmp(p, "depth", 5)) {
            p += n;
            while (*p == ' ')
                p++;
            if (*p < '0' || *p > '9')
                return -1;
            int d = engine_int(p);
            return d > ENGINE_MAX_DEPTH ? ENGINE_MAX_DEPTH : d;
        }
        p += n;
    }
    return -1;
}

sys_engine_line_kind sys_engine_parse_line(sys_engine_proto proto, const char *line, int *score,
                                   int *depth, const char **move_text)
{
    *move_text = NULL;
    *depth = -1;
    const char *mv = NULL;
    if (proto == SYS_PROTO_XBOARD) {
        if (!strncmp(line, "move ", 5))
            mv = line + 5;
        else if (!strcmp(line, "resign") || !strncmp(line, "tellics resign", 14))
            return SYS_ENGINE_LINE_RESIGN;
        else {
            /* " 4  9 4 8485 pv..." thinking output: ply score time nodes (the ply may be
             * right-aligned, as Fairy-Max and MaxQi print it) */
            const char *t = line + strspn(line, " ");
            const char *p = t + strcspn(t, " ");
            while (*p == ' ')
                p++;
            if (*t >= '0' && *t <= '9' && *p && !strchr(line, '.') && isdigit_or_sign(*p)) {
                *score = engine_int(p);
                int d = engine_int(t);
                *depth = d > ENGINE_MAX_DEPTH ? ENGINE_MAX_DEPTH : d;
                return SYS_ENGINE_LINE_SCORE;
            }
        }
    } else {
        if (!strncmp(line, "info ", 5) && info_score(line, score)) {
            /* an aspiration fail (a bound) is not a finished iteration */
            if (!strstr(line, " lowerbound") && !strstr(line, " upperbound"))
                *depth = info_depth(line);
            return SYS_ENGINE_LINE_SCORE;
        }
        if (!strncmp(line, "bestmove ", 9))
            mv = line + 9;
        else if (!strcmp(line, "nobestmove"))
            return SYS_ENGINE_LINE_RESIGN;
    }
    if (!mv)
        return SYS_ENGINE_LINE_OTHER;
    while (*mv == ' ')
        mv++;
    if (!strncmp(mv, "(none)", 6) || !strncmp(mv, "0000", 4) || !strncmp(mv, "resign", 6))
        return SYS_ENGINE_LINE_RESIGN;
    *move_text = mv;
    return SYS_ENGINE_LINE_MOVE;
}

sys_engine_outcome sys_engine_go(sys_engine *e, const ct_pos *pos, const ct_limits *lim, int timeout_ms,
                               ct_move *move, int *score_cp, char *detail, size_t detail_len)
{
    return sys_engine_think(e, pos, lim, timeout_ms, NULL, NULL, move, score_cp, detail,
                           detail_len);
}

static bool legal_in(const ct_pos *pos, const ct_coup_pos *cpos, ct_move mv)
{
    return pos ? ct_is_legal(pos, mv) : ct_coup_is_legal(cpos, mv);
}

/* The think after the position was sent: go, then the engine's lines until its move (legal
 * in pos, or in cpos for cờ úp), a stop, a timeout or its end. */
static sys_engine_outcome await_move(sys_engine *e, const ct_pos *pos, const ct_coup_pos *cpos,
                                     int timeout_ms, ct_progress_fn progress, void *user,
                                     ct_move *move, int *score_cp, char *detail,
                                     size_t detail_len);

/* Clears the outcome, derives the timeout; false when the engine is not running. */
static bool think_begin(sys_engine *e, int side, const ct_limits *lim, int *timeout_ms,
                        ct_move *move, char *detail, size_t detail_len)
{
    detail[0] = 0;
    *move = CT_NO_MOVE;
    e->have_score = false;
    e->have_exact = false;
    e->last_depth = 0;
    if (e->dead) {
        snprintf(detail, detail_len, "the engine is not running");
        return false;
    }
    if (*timeout_ms <= 0) {
        int mine = side == CT_RED ? lim->wtime : lim->btime;
        if (lim->movetime_ms > 0)
            *timeout_ms = lim->movetime_ms * 3 + 1000;
        else if (mine > 0)
            *timeout_ms = mine + 1000;
        else
            *timeout_ms = 60000;
    }
    return true;
}

sys_engine_outcome sys_engine_think(sys_engine *e, const ct_pos *pos, const ct_limits *lim,
                                  int timeout_ms, ct_progress_fn progress, void *user,
                                  ct_move *move, int *score_cp, char *detail, size_t detail_len)
{
    char dummy[8];
    if (!detail) {
        detail = dummy;
        detail_len = sizeof dummy;
    }
    if (!think_begin(e, pos->side, lim, &timeout_ms, move, detail, detail_len))
        return SYS_ENGINE_CRASH;
    send_position(e, pos);
    send_go(e, pos->side, pos, lim);
    return await_move(e, pos, NULL, timeout_ms, progress, user, move, score_cp, detail,
                      detail_len);
}

/* Cờ úp (Jieqi) as JieqiBox tells a UCI engine the game: the FEN (x/X and the pool) of the
 * position after the last move that changed what is face down (a reveal, or a face-down
 * piece taken), then the moves since, none of which reveals anything. Built from the
 * player's view, so the engine learns nothing its side may not know. */
size_t sys_engine_coup_position(const ct_coup_pos *view, bool ranks1, char *line, size_t size)
{
    ct_coup_pos *base = xmalloc(sizeof *base); /* large (history): not on the stack */
    memcpy(base, view, sizeof *base);
    int n = base->ply;
    while (base->ply > 0) {
        const ct_coup_undo *u = &base->hist[base->ply - 1];
        if ((u->moved & CT_COUP_DOWN) || (u->captured & CT_COUP_DOWN))
            break;
        ct_coup_unmake(base);
    }
    int first = base->ply;
    char fen[160];
    ct_coup_fen_write(base, fen, sizeof fen);
    free(base);
    size_t len = (size_t)snprintf(line, size, "position fen %s", fen);
    if (n > first && len + 7 < size) {
        len += (size_t)snprintf(line + len, size - len, " moves");
        for (int i = first; i < n && len + 8 < size; i++) {
            ct_move mv = view->hist[i].move;
            ct_sq f = CT_FROM(mv), t = CT_TO(mv);
            int k = ranks1 ? 1 : 0;
            len += (size_t)snprintf(line + len, size - len, " %c%d%c%d", 'a' + CT_SQ_FILE(f),
                                    CT_SQ_RANK(f) + k, 'a' + CT_SQ_FILE(t), CT_SQ_RANK(t) + k);
        }
    }
    return len < size ? len : size - 1;
}

static void send_coup_position(sys_engine *e, const ct_coup_pos *view)
{
    char *line = xmalloc(POSITION_LINE_BYTES);
    sys_engine_coup_position(view, e->ranks1, line, POSITION_LINE_BYTES);
    send_line(e, "%s", line);
    free(line);
}

bool sys_engine_speaks_coup(const sys_engine *e)
{
    return e->proto == SYS_PROTO_UCI;
}

sys_engine_outcome sys_engine_think_coup(sys_engine *e, const ct_coup_pos *view,
                                         const ct_limits *lim, int timeout_ms,
                                         ct_progress_fn progress, void *user, ct_move *move,
                                         int *score_cp, char *detail, size_t detail_len)
{
    char dummy[8];
    if (!detail) {
        detail = dummy;
        detail_len = sizeof dummy;
    }
    if (!think_begin(e, view->side, lim, &timeout_ms, move, detail, detail_len))
        return SYS_ENGINE_CRASH;
    if (e->proto != SYS_PROTO_UCI) {
        snprintf(detail, detail_len, "cờ úp needs a UCI engine (the Jieqi dialect)");
        return SYS_ENGINE_CRASH;
    }
    if (e->has_jieqi && !e->jieqi_chosen) {
        send_line(e, "setoption name UCI_Variant value jieqi");
        e->jieqi_chosen = true;
    }
    send_coup_position(e, view);
    send_go(e, view->side, NULL, lim);
    return await_move(e, NULL, view, timeout_ms, progress, user, move, score_cp, detail,
                      detail_len);
}

static sys_engine_outcome await_move(sys_engine *e, const ct_pos *pos, const ct_coup_pos *cpos,
                                     int timeout_ms, ct_progress_fn progress, void *user,
                                     ct_move *move, int *score_cp, char *detail,
                                     size_t detail_len)
{
    int64_t t0 = sys_now_ms(), deadline = t0 + timeout_ms;
    bool stopping = false, timed_out = false;
    ct_search_info info; /* what the callback is shown: the time, and the depth and score
                          * of the engine's last info line (its lines are its own) */
    memset(&info, 0, sizeof info);
    info.kind = CT_PROGRESS_POLL;
    char *line = xmalloc(POSITION_LINE_BYTES);
    sys_engine_outcome out;
    for (;;) {
        /* 1. Asked to stop (the callback says so; sys_engine_wake made us look): tell the
         *    engine, then give it ENGINE_STOP_GRACE_MS to answer its move. */
        info.time_ms = (int)(sys_now_ms() - t0);
        if (progress && !stopping && progress(user, &info)) {
            stopping = true;
            send_line(e, e->proto == SYS_PROTO_XBOARD ? "?" : "stop");
            if (deadline > sys_now_ms() + ENGINE_STOP_GRACE_MS)
                deadline = sys_now_ms() + ENGINE_STOP_GRACE_MS;
        }
        int r = read_line_ex(e, line, POSITION_LINE_BYTES, deadline, progress && !stopping);
        if (r == 2)
            continue;
        if (r < 0) {
            if (!timed_out)
                snprintf(detail, detail_len, "the engine exited");
            out = timed_out ? SYS_ENGINE_TIMEOUT : SYS_ENGINE_CRASH;
            break;
        }
        if (r == 0 && stopping) {
            /* 3. It does not stop: the last resort, so that nobody waits for it and its
             *    answer never comes to the next question. */
            kill(-e->pid, SIGKILL);
            e->dead = true;
            if (!timed_out)
                snprintf(detail, detail_len,
                         "the engine did not stop within %d ms and was killed",
                         ENGINE_STOP_GRACE_MS);
            out = SYS_ENGINE_TIMEOUT;
            break;
        }
        if (r == 0) {
            /* 2. Out of time: it has lost. Stop it all the same, and read its late answer
             *    here (thrown away) rather than as the answer to the next go. */
            snprintf(detail, detail_len, "no move within %d ms", timeout_ms);
            timed_out = stopping = true;
            send_line(e, e->proto == SYS_PROTO_XBOARD ? "?" : "stop");
            deadline = sys_now_ms() + ENGINE_STOP_GRACE_MS;
            continue;
        }
        if (timed_out) {
            const char *late = NULL;
            int ignored, ignored_depth;
            sys_engine_line_kind k = sys_engine_parse_line(e->proto, line, &ignored, &ignored_depth, &late);
            if (k == SYS_ENGINE_LINE_MOVE || k == SYS_ENGINE_LINE_RESIGN) {
                out = SYS_ENGINE_TIMEOUT;
                break;
            }
            continue;
        }
        const char *mvtext = NULL;
        int sc, depth;
        sys_engine_line_kind kind = sys_engine_parse_line(e->proto, line, &sc, &depth, &mvtext);
        if (kind == SYS_ENGINE_LINE_SCORE) {
            e->last_score = sc;
            e->have_score = true;
            if (depth >= 0) {
                e->last_depth = depth;
                e->exact_score = sc;
                e->have_exact = true;
                info.depth = depth;
                info.score = sc;
            }
            continue;
        }
        if (kind == SYS_ENGINE_LINE_RESIGN) {
            char shown[64];
            sanitize_text(shown, sizeof shown, line, strlen(line), SANITIZE_ASCII);
            snprintf(detail, detail_len, "no move (%s)", shown);
            out = SYS_ENGINE_RESIGN;
            break;
        }
        if (kind != SYS_ENGINE_LINE_MOVE)
            continue;
        ct_move mv = move_in(e, mvtext);
        if (mv == CT_NO_MOVE || !legal_in(pos, cpos, mv)) {
            /* An engine we did not recognise may still number ranks 1..10: try once. */
            if (!e->ranks1 && e->proto == SYS_PROTO_UCI) {
                e->ranks1 = true;
                ct_move alt = move_in(e, mvtext);
                if (alt != CT_NO_MOVE && legal_in(pos, cpos, alt)) {
                    mv = alt;
                    goto legal;
                }
                e->ranks1 = false;
            }
            char shown[24]; /* the engine's bytes, made harmless for the screen */
            sanitize_text(shown, sizeof shown, mvtext, strlen(mvtext), SANITIZE_ASCII);
            snprintf(detail, detail_len, "illegal move '%s'", shown);
            out = SYS_ENGINE_ILLEGAL;
            break;
        }
    legal:
        *move = mv;
        if (score_cp && e->have_score)
            *score_cp = e->last_score;
        out = SYS_ENGINE_MOVE;
        break;
    }
    free(line);
    return out;
}
