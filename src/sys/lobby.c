/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the lobby directory and its sockets: safety checks of the directory and its
 * parents, listening and connecting on DIR/ID.sock, the kernel's word on who a peer is
 * (SO_PEERCRED), the listener-owns-its-socket check, and --for lists. */
#define _GNU_SOURCE /* struct ucred, accept4 */
#include "sys/lobby.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

const char *lobby_dir(const char *option)
{
    if (option && option[0])
        return option;
    const char *env = getenv("COTUONG_LOBBY");
    if (env && env[0])
        return env;
    return LOBBY_DEFAULT_DIR;
}

/* Writable by group or others without the sticky bit: anyone of them could remove or
 * replace what is inside. */
static bool open_to_others(const struct stat *st)
{
    return (st->st_mode & (S_IWGRP | S_IWOTH)) && !(st->st_mode & S_ISVTX);
}

static int check_parents(const char *dir, char *err, size_t errsize)
{
    char path[4096 + LOBBY_PATH_MAX];
    char cwd[4096];
    if (dir[0] == '/')
        snprintf(path, sizeof path, "%s", dir);
    else if (getcwd(cwd, sizeof cwd))
        snprintf(path, sizeof path, "%s/%s", cwd, dir);
    else
        snprintf(path, sizeof path, "./%s", dir);
    for (;;) {
        char *slash = strrchr(path, '/');
        if (!slash)
            return 0;
        if (slash == path) {
            slash[1] = 0;
        } else {
            *slash = 0;
        }
        struct stat st;
        /* stat, not lstat: a parent may be a link made by root (/tmp -> /private/tmp); what
         * counts is who may write into the directory it names. */
        if (stat(path, &st) != 0) {
            snprintf(err, errsize, "%s: %s", path, strerror(errno));
            return -1;
        }
        if (open_to_others(&st)) {
            snprintf(err, errsize,
                     "%s: refused as a lobby: its parent %s is writable by others without the "
                     "sticky bit",
                     dir, path);
            return -1;
        }
        if (!strcmp(path, "/"))
            return 0;
    }
}

int lobby_check_dir(const char *dir, bool create, char *err, size_t errsize)
{
    if (!dir[0]) {
        snprintf(err, errsize, "the lobby directory name is empty");
        return -1;
    }
    /* The longest socket path: DIR/ID.sock with its NUL. */
    if (strlen(dir) + 1 + LOBBY_ID_LEN + 5 + 1 > LOBBY_PATH_MAX) {
        snprintf(err, errsize, "%s: too long for a lobby (socket paths hold %d bytes)", dir,
                 LOBBY_PATH_MAX - 1);
        return -1;
    }
    struct stat st;
    if (lstat(dir, &st) != 0) {
        if (errno != ENOENT || !create) {
            snprintf(err, errsize, "%s: %s", dir, strerror(errno));
            return -1;
        }
        /* Shared like /tmp: everyone may host, nobody may remove another's game. */
        if (mkdir(dir, 01777) != 0 && errno != EEXIST) {
            snprintf(err, errsize, "cannot create the lobby %s: %s", dir, strerror(errno));
            return -1;
        }
        struct stat made;
        if (lstat(dir, &made) == 0 && S_ISDIR(made.st_mode) && made.st_uid == geteuid())
            chmod(dir, 01777); /* mkdir obeys the umask */
        if (lstat(dir, &st) != 0) {
            snprintf(err, errsize, "%s: %s", dir, strerror(errno));
            return -1;
        }
    }
    if (S_ISLNK(st.st_mode)) {
        snprintf(err, errsize, "%s: refused as a lobby: it is a symbolic link", dir);
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
        snprintf(err, errsize, "%s: refused as a lobby: not a directory", dir);
        return -1;
    }
    if (open_to_others(&st)) {
        snprintf(err, errsize,
                 "%s: refused as a lobby: writable by others without the sticky bit "
                 "(chmod +t or chmod go-w)",
                 dir);
        return -1;
    }
    return check_parents(dir, err, errsize);
}

/* ------------------------------------------------------------------ peers */
void lobby_user_name(uid_t uid, char *buf, size_t size)
{
    struct passwd pw, *res = NULL;
    char tmp[4096];
    if (getpwuid_r(uid, &pw, tmp, sizeof tmp, &res) == 0 && res && res->pw_name[0] &&
        strlen(res->pw_name) < size) {
        snprintf(buf, size, "%s", res->pw_name);
        /* A name the protocol cannot carry (unusual characters) is shown as its number. */
        for (const char *p = buf; *p; p++)
            if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
                  *p == '.' || *p == '_' || *p == '-' || *p == '@'))
                goto number;
        if (strlen(buf) <= 32)
            return;
    }
number:
    snprintf(buf, size, "%lu", (unsigned long)uid);
}

int lobby_peer_of(int fd, lobby_peer *peer)
{
    struct ucred cred;
    socklen_t len = sizeof cred;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0)
        return -1;
    if (len != sizeof cred) {
        errno = EPROTO;
        return -1;
    }
    peer->uid = cred.uid;
    peer->gid = cred.gid;
    peer->pid = cred.pid;
    lobby_user_name(cred.uid, peer->user, sizeof peer->user);
    return 0;
}

/* ------------------------------------------------------------------ --for */
int lobby_parse_for(const char *list, lobby_allow *a, char *err, size_t errsize)
{
    a->n = 0;
    const char *p = list;
    for (;;) {
        while (*p == ' ')
            p++;
        const char *end = strchr(p, ',');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        while (n > 0 && p[n - 1] == ' ')
            n--;
        char name[64];
        if (n == 0 || n >= sizeof name) {
            snprintf(err, errsize, "--for: %s user name in '%s'", n ? "too long a" : "an empty",
                     list);
            return -1;
        }
        memcpy(name, p, n);
        name[n] = 0;
        struct passwd pw, *res = NULL;
        char tmp[4096];
        uid_t uid;
        char *num_end;
        unsigned long num = strtoul(name, &num_end, 10);
        if (getpwnam_r(name, &pw, tmp, sizeof tmp, &res) == 0 && res) {
            uid = res->pw_uid;
        } else if (name[0] >= '0' && name[0] <= '9' && *num_end == 0 && num < (unsigned long)-2) {
            uid = (uid_t)num;
        } else {
            snprintf(err, errsize, "--for: no user '%s' on this system", name);
            return -1;
        }
        if (a->n == LOBBY_MAX_FOR) {
            snprintf(err, errsize, "--for: at most %d users", LOBBY_MAX_FOR);
            return -1;
        }
        a->uid[a->n++] = uid;
        if (!end)
            return 0;
        p = end + 1;
    }
}

bool lobby_admits(const lobby_allow *a, uid_t host_uid, uid_t uid)
{
    if (a->n == 0 || uid == host_uid)
        return true;
    for (int i = 0; i < a->n; i++)
        if (a->uid[i] == uid)
            return true;
    return false;
}

/* ------------------------------------------------------------------ ids and codes */
static const char id_chars[] = "abcdefghijkmnpqrstuvwxyz23456789";
static const char code_chars[] = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; /* no I, O, 0, 1 */

static void random_string(char *out, int len, const char *alphabet)
{
    unsigned char raw[16];
    size_t got = 0;
    while (got < (size_t)len) {
        ssize_t r = getrandom(raw + got, (size_t)len - got, 0);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            /* No entropy call: still unique enough per process, never predictable codes. */
            for (int i = 0; i < len; i++)
                raw[i] = (unsigned char)(rand() ^ getpid() ^ i);
            break;
        }
        got += (size_t)r;
    }
    for (int i = 0; i < len; i++)
        out[i] = alphabet[raw[i] & 31]; /* both alphabets have 32 characters */
    out[len] = 0;
}

int lobby_random(void *buf, size_t len)
{
    unsigned char *p = buf;
    size_t got = 0;
    while (got < len) {
        ssize_t r = getrandom(p + got, len - got, 0);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    if (got == len)
        return 0;
    /* No getrandom (an old kernel, a sandbox): the kernel's device instead. */
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    got = 0;
    while (got < len) {
        ssize_t r = read(fd, p + got, len - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    close(fd);
    return got == len ? 0 : -1;
}

static bool all_of(const char *s, size_t len, const char *alphabet)
{
    if (strlen(s) != len)
        return false;
    for (size_t i = 0; i < len; i++)
        if (!strchr(alphabet, s[i]) || s[i] == 0)
            return false;
    return true;
}

bool lobby_id_valid(const char *s)
{
    return all_of(s, LOBBY_ID_LEN, id_chars);
}

bool lobby_code_valid(const char *s)
{
    return all_of(s, LOBBY_CODE_LEN, code_chars);
}

static int socket_path(const char *dir, const char *id, struct sockaddr_un *sa, char *err,
                       size_t errsize)
{
    memset(sa, 0, sizeof *sa);
    sa->sun_family = AF_UNIX;
    int n = snprintf(sa->sun_path, sizeof sa->sun_path, "%s/%s.sock", dir, id);
    if (n < 0 || (size_t)n >= sizeof sa->sun_path) {
        snprintf(err, errsize, "%s: too long for a socket path", dir);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ hosting */
/* Removes DIR/ID.sock when it is this account's socket and nobody listens on it. */
static void tidy_stale(const char *dir, const char *id)
{
    struct sockaddr_un sa;
    char err[64];
    struct stat st;
    if (socket_path(dir, id, &sa, err, sizeof err) != 0 || lstat(sa.sun_path, &st) != 0 ||
        !S_ISSOCK(st.st_mode) || st.st_uid != geteuid())
        return;
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return;
    if (connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0 && errno == ECONNREFUSED)
        unlink(sa.sun_path);
    close(fd);
}

int lobby_listen(const char *dir, lobby_listener *l, char *err, size_t errsize)
{
    char wanted[LOBBY_ID_LEN + 1];
    snprintf(wanted, sizeof wanted, "%s", lobby_id_valid(l->id) ? l->id : "");
    l->fd = -1;
    l->path[0] = 0;
    if (lobby_check_dir(dir, true, err, errsize) != 0)
        return -1;
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        snprintf(err, errsize, "socket: %s", strerror(errno));
        return -1;
    }
    struct sockaddr_un sa;
    for (int tries = 0;; tries++) {
        /* A resumed game takes its old id again (a dead host's socket of this account is
         * tidied first); else, or when that id is taken, a fresh one. */
        if (tries == 0 && wanted[0]) {
            snprintf(l->id, sizeof l->id, "%s", wanted);
            tidy_stale(dir, wanted);
        } else {
            random_string(l->id, LOBBY_ID_LEN, id_chars);
        }
        if (socket_path(dir, l->id, &sa, err, errsize) != 0) {
            close(fd);
            return -1;
        }
        if (bind(fd, (struct sockaddr *)&sa, sizeof sa) == 0)
            break;
        if (errno != EADDRINUSE || tries == 10) {
            snprintf(err, errsize, "%s: %s", sa.sun_path, strerror(errno));
            close(fd);
            return -1;
        }
    }
    /* Everyone may connect; admission is decided from the peer's credentials. */
    if (chmod(sa.sun_path, 0666) != 0 || listen(fd, 16) != 0) {
        snprintf(err, errsize, "%s: %s", sa.sun_path, strerror(errno));
        unlink(sa.sun_path);
        close(fd);
        return -1;
    }
    snprintf(l->path, sizeof l->path, "%s", sa.sun_path);
    random_string(l->code, LOBBY_CODE_LEN, code_chars);
    l->fd = fd;
    return 0;
}

int lobby_accept(lobby_listener *l)
{
    return accept4(l->fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

void lobby_unlisten(lobby_listener *l)
{
    if (l->fd >= 0)
        close(l->fd);
    if (l->path[0])
        unlink(l->path);
    l->fd = -1;
    l->path[0] = 0;
}

/* ------------------------------------------------------------------ joining */
int lobby_connect(const char *dir, const char *id, lobby_peer *host, char *err, size_t errsize)
{
    if (!lobby_id_valid(id)) {
        snprintf(err, errsize, "'%s' is not a game id", id);
        return -1;
    }
    if (lobby_check_dir(dir, false, err, errsize) != 0)
        return -1;
    struct sockaddr_un sa;
    if (socket_path(dir, id, &sa, err, errsize) != 0)
        return -1;
    struct stat st;
    if (lstat(sa.sun_path, &st) != 0) {
        snprintf(err, errsize, "no game %s in %s", id, dir);
        return -1;
    }
    if (!S_ISSOCK(st.st_mode)) {
        snprintf(err, errsize, "%s: not a socket", sa.sun_path);
        return -1;
    }
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        snprintf(err, errsize, "socket: %s", strerror(errno));
        return -1;
    }
    if (connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0) {
        int e = errno;
        close(fd);
        if (e == ECONNREFUSED) {
            /* Nobody listens: a host that died. Its owner tidies up. */
            if (st.st_uid == geteuid())
                unlink(sa.sun_path);
            snprintf(err, errsize, "game %s is gone (its host has stopped)", id);
        } else {
            snprintf(err, errsize, "%s: %s", sa.sun_path, strerror(e));
        }
        return -1;
    }
    if (lobby_peer_of(fd, host) != 0) {
        snprintf(err, errsize, "%s: no peer credentials: %s", sa.sun_path, strerror(errno));
        close(fd);
        return -1;
    }
    if (host->uid != st.st_uid) {
        char owner[33];
        lobby_user_name(st.st_uid, owner, sizeof owner);
        snprintf(err, errsize,
                 "%s: refused: the socket belongs to %s but is served by %s (not its host)",
                 sa.sun_path, owner, host->user);
        close(fd);
        return -1;
    }
    return fd;
}

static int cmp_ids(const void *a, const void *b)
{
    return strcmp(a, b);
}

int lobby_scan(const char *dir, char (*ids)[LOBBY_ID_LEN + 1], int max, char *err, size_t errsize)
{
    if (lobby_check_dir(dir, false, err, errsize) != 0)
        return -1;
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(err, errsize, "%s: %s", dir, strerror(errno));
        return -1;
    }
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && n < max) {
        size_t len = strlen(e->d_name);
        if (len != LOBBY_ID_LEN + 5 || strcmp(e->d_name + LOBBY_ID_LEN, ".sock") != 0)
            continue;
        char id[LOBBY_ID_LEN + 1];
        memcpy(id, e->d_name, LOBBY_ID_LEN);
        id[LOBBY_ID_LEN] = 0;
        struct stat st;
        if (!lobby_id_valid(id) || fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
            !S_ISSOCK(st.st_mode))
            continue;
        memcpy(ids[n++], id, LOBBY_ID_LEN + 1);
    }
    closedir(d);
    qsort(ids, (size_t)n, sizeof ids[0], cmp_ids);
    return n;
}
