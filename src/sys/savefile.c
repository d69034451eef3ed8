/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — XDG paths, atomic durable writes (temp file, fsync, rename, fsync of the
 * directory), size-capped reads, and the flag-only signal handler that lets the main loop
 * save an interrupted game. See savefile.h for the design. */
#include "sys/savefile.h"
#include "sys/xmalloc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ---------------------------------------------------------------- paths */

/* $VAR/cotuong[/tail] when $VAR is an absolute path (the XDG spec says relative values are
 * to be ignored), else $HOME/fallback/cotuong[/tail]. */
static int xdg_path(char *buf, size_t size, const char *var, const char *fallback,
                    const char *tail)
{
    const char *base = getenv(var);
    int n;
    if (base && base[0] == '/') {
        n = snprintf(buf, size, "%s/cotuong%s%s", base, tail ? "/" : "", tail ? tail : "");
    } else {
        const char *home = getenv("HOME");
        if (!home || home[0] != '/')
            return -1;
        n = snprintf(buf, size, "%s/%s/cotuong%s%s", home, fallback, tail ? "/" : "",
                     tail ? tail : "");
    }
    return (n < 0 || (size_t)n >= size) ? -1 : 0;
}

int savefile_data_dir(char *buf, size_t size)
{
    return xdg_path(buf, size, "XDG_DATA_HOME", ".local/share", NULL);
}

int savefile_games_dir(char *buf, size_t size)
{
    return xdg_path(buf, size, "XDG_DATA_HOME", ".local/share", "games");
}

int savefile_state_dir(char *buf, size_t size)
{
    return xdg_path(buf, size, "XDG_STATE_HOME", ".local/state", NULL);
}

int savefile_resume_path(char *buf, size_t size)
{
    return xdg_path(buf, size, "XDG_STATE_HOME", ".local/state", "resume.pgn");
}

int savefile_config_path(char *buf, size_t size)
{
    return xdg_path(buf, size, "XDG_CONFIG_HOME", ".config", "config");
}

static int savefile_mkdirs(const char *dir)
{
    char path[4096];
    size_t len = strlen(dir);
    if (len == 0 || len >= sizeof path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(path, dir, len + 1);
    for (size_t i = 1; i <= len; i++) {
        if (path[i] != '/' && path[i] != '\0')
            continue;
        char saved = path[i];
        path[i] = '\0';
        if (mkdir(path, 0700) != 0 && errno != EEXIST)
            return -1;
        path[i] = saved;
    }
    struct stat st;
    if (stat(dir, &st) != 0)
        return -1;
    if (!S_ISDIR(st.st_mode)) {
        errno = ENOTDIR;
        return -1;
    }
    return 0;
}

/* ---------------------------------------------------------------- atomic write */

/* Splits path into its directory ("." when none) and base name. */
static int split_path(const char *path, char *dir, size_t dsize, const char **base)
{
    const char *slash = strrchr(path, '/');
    if (!slash) {
        if (dsize < 2)
            return -1;
        strcpy(dir, ".");
        *base = path;
    } else {
        size_t n = (size_t)(slash - path);
        if (n == 0)
            n = 1; /* "/file" lives in "/" */
        if (n >= dsize)
            return -1;
        memcpy(dir, path, n);
        dir[n] = '\0';
        *base = slash + 1;
    }
    return **base ? 0 : -1;
}

static int fail(char *err, size_t errsize, const char *path, const char *what)
{
    if (err && errsize)
        snprintf(err, errsize, "%s: %s", path, what ? what : strerror(errno));
    return -1;
}

static int write_all(int fd, const char *p, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, p, len);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

int savefile_write_atomic(const char *path, const void *data, size_t len, char *err,
                          size_t errsize)
{
    char dir[4096], tmp[4096 + 16];
    const char *base;
    if (split_path(path, dir, sizeof dir, &base) != 0)
        return fail(err, errsize, path, "not a valid file name");
    if (savefile_mkdirs(dir) != 0)
        return fail(err, errsize, dir, NULL);
    int n = snprintf(tmp, sizeof tmp, "%s/.%s.XXXXXX", dir, base);
    if (n < 0 || (size_t)n >= sizeof tmp)
        return fail(err, errsize, path, "file name too long");

    /* 1. Write the new contents to a fresh temporary file in the same directory (same file
     *    system, so the rename below is atomic). mkstemp creates it with mode 0600. */
    int fd = mkstemp(tmp);
    if (fd < 0)
        return fail(err, errsize, tmp, NULL);
    int saved_errno;
    if (write_all(fd, data, len) != 0)
        goto fail_fd;
    /* 2. Make the data durable before the name points at it: without this a crash after
     *    the rename could leave an empty or partial file under the real name. */
    if (fsync(fd) != 0)
        goto fail_fd;
    if (close(fd) != 0) {
        fd = -1;
        goto fail_fd;
    }
    /* 3. Atomically replace the old file: any reader sees the old or the new one. */
    if (rename(tmp, path) != 0) {
        saved_errno = errno;
        unlink(tmp);
        errno = saved_errno;
        return fail(err, errsize, path, NULL);
    }
    /* 4. Make the rename itself durable. */
    int dfd = open(dir, O_RDONLY | O_DIRECTORY);
    if (dfd >= 0) {
        if (fsync(dfd) != 0 && errno != EINVAL) {
            saved_errno = errno;
            close(dfd);
            errno = saved_errno;
            return fail(err, errsize, dir, NULL);
        }
        close(dfd);
    }
    return 0;

fail_fd:
    saved_errno = errno;
    if (fd >= 0)
        close(fd);
    unlink(tmp);
    errno = saved_errno;
    return fail(err, errsize, tmp, NULL);
}

int savefile_clean_temps(const char *path)
{
    char dir[4096], prefix[4096];
    const char *base;
    if (split_path(path, dir, sizeof dir, &base) != 0)
        return 0;
    int n = snprintf(prefix, sizeof prefix, ".%s.", base);
    if (n < 0 || (size_t)n >= sizeof prefix)
        return 0;
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int removed = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        /* mkstemp's suffix is exactly six characters. */
        if (strncmp(e->d_name, prefix, (size_t)n) != 0 || strlen(e->d_name) != (size_t)n + 6)
            continue;
        char full[8192];
        if (snprintf(full, sizeof full, "%s/%s", dir, e->d_name) >= (int)sizeof full)
            continue;
        /* Only stale ones: a fresh one may be another instance's write in progress. */
        struct stat st;
        if (lstat(full, &st) != 0 || !S_ISREG(st.st_mode) ||
            st.st_mtime > time(NULL) - SAVEFILE_STALE_SECONDS)
            continue;
        if (unlink(full) == 0)
            removed++;
    }
    closedir(d);
    return removed;
}

/* ---------------------------------------------------------------- capped read */

int savefile_read(const char *path, size_t cap, char **data, size_t *len, char *err,
                  size_t errsize)
{
    *data = NULL;
    *len = 0;
    int fd = open(path, O_RDONLY | O_NONBLOCK);
    if (fd < 0)
        return fail(err, errsize, path, NULL);
    struct stat st;
    if (fstat(fd, &st) != 0) {
        close(fd);
        return fail(err, errsize, path, NULL);
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        return fail(err, errsize, path, S_ISDIR(st.st_mode) ? "is a directory"
                                                           : "not a regular file");
    }
    char msg[128];
    if ((unsigned long long)st.st_size > (unsigned long long)cap) {
        close(fd);
        snprintf(msg, sizeof msg, "file is too large (%lld bytes; the limit is %zu MiB)",
                 (long long)st.st_size, cap >> 20);
        return fail(err, errsize, path, msg);
    }
    /* Read up to cap + 1 bytes: the file may have grown since fstat. */
    size_t alloc = (size_t)st.st_size + 1, used = 0;
    char *buf = xmalloc(alloc + 1);
    for (;;) {
        if (used == alloc) {
            if (alloc > cap) {
                free(buf);
                close(fd);
                snprintf(msg, sizeof msg, "file is too large (more than %zu MiB)", cap >> 20);
                return fail(err, errsize, path, msg);
            }
            size_t grow = alloc * 2 > cap + 1 ? cap + 1 : alloc * 2;
            buf = xrealloc(buf, grow + 1);
            alloc = grow;
        }
        ssize_t r = read(fd, buf + used, alloc - used);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            int e = errno;
            free(buf);
            close(fd);
            errno = e;
            return fail(err, errsize, path, NULL);
        }
        if (r == 0)
            break;
        used += (size_t)r;
    }
    close(fd);
    if (used > cap) {
        free(buf);
        snprintf(msg, sizeof msg, "file is too large (more than %zu MiB)", cap >> 20);
        return fail(err, errsize, path, msg);
    }
    buf[used] = '\0';
    *data = buf;
    *len = used;
    return 0;
}

long savefile_binary_offset(const char *data, size_t len)
{
    /* A control byte is hostile but readable (the readers replace it and warn): binary is a
     * NUL, or so many control bytes in the first 4 KiB that this cannot be text. */
    long first = -1;
    size_t controls = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)data[i];
        if (c == '\0')
            return (long)i;
        if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != 0x1B) {
            if (first < 0)
                first = (long)i;
            if (i < 4096)
                controls++;
        }
    }
    return controls > SAVEFILE_BINARY_CONTROLS ? first : -1;
}

