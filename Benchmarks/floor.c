/* The write floor: the least work that produces a given site's files.
 *
 *   floor LIST SRC DST
 *
 * LIST holds one relative path a line (the files of a built Trampoline site). floor reads every
 * SRC/path into memory first (not timed), then times only the loop that makes the folders and
 * writes the same bytes to DST/path: mkdir (only when a folder is missing), open, write, close.
 * No rendering, no atomic rename, no comparison with what is there.
 * Prints one line: wall_s user_s sys_s maxrss_kb files bytes (times for the loop only; maxrss is
 * the process peak, including the bytes held in memory).
 * Build: gcc -O2 -o floor floor.c
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct file { char *path; char *data; size_t size; };

static void die(const char *what, const char *path) {
    fprintf(stderr, "floor: %s %s: %s\n", what, path, strerror(errno));
    exit(1);
}

static char *slurp(const char *path, size_t *size) {
    int fd = open(path, O_RDONLY);
    if (fd < 0) die("cannot open", path);
    struct stat st;
    if (fstat(fd, &st) != 0) die("cannot stat", path);
    char *data = malloc(st.st_size ? st.st_size : 1);
    size_t done = 0;
    while (done < (size_t)st.st_size) {
        ssize_t n = read(fd, data + done, st.st_size - done);
        if (n <= 0) die("cannot read", path);
        done += n;
    }
    close(fd);
    *size = done;
    return data;
}

/* mkdir -p, trying the deepest folder first: one mkdir call when only the last level is missing. */
static void make_dirs(char *dir) {
    if (mkdir(dir, 0755) == 0 || errno == EEXIST) return;
    if (errno != ENOENT) die("cannot mkdir", dir);
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir) die("cannot mkdir", dir);
    *slash = '\0';
    make_dirs(dir);
    *slash = '/';
    if (mkdir(dir, 0755) != 0 && errno != EEXIST) die("cannot mkdir", dir);
}

static double seconds(struct timeval tv) { return tv.tv_sec + tv.tv_usec / 1e6; }

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: floor LIST SRC DST\n"); return 2; }
    const char *src = argv[2], *dst = argv[3];
    FILE *list = fopen(argv[1], "r");
    if (!list) die("cannot open", argv[1]);

    size_t count = 0, capacity = 1024, bytes = 0;
    struct file *files = malloc(capacity * sizeof *files);
    char line[4096], path[8192];
    while (fgets(line, sizeof line, list)) {
        line[strcspn(line, "\n")] = '\0';
        if (!line[0]) continue;
        if (count == capacity) files = realloc(files, (capacity *= 2) * sizeof *files);
        snprintf(path, sizeof path, "%s/%s", src, line);
        files[count].data = slurp(path, &files[count].size);
        snprintf(path, sizeof path, "%s/%s", dst, line);
        files[count].path = strdup(path);
        bytes += files[count].size;
        count++;
    }
    fclose(list);

    struct rusage before, after;
    struct timespec start, end;
    getrusage(RUSAGE_SELF, &before);
    clock_gettime(CLOCK_MONOTONIC, &start);

    char dir[8192], last[8192] = "";
    for (size_t i = 0; i < count; i++) {
        strcpy(dir, files[i].path);
        *strrchr(dir, '/') = '\0';
        if (strcmp(dir, last) != 0) {
            make_dirs(dir);
            strcpy(last, dir);
        }
        int fd = open(files[i].path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (fd < 0) die("cannot create", files[i].path);
        size_t done = 0;
        while (done < files[i].size) {
            ssize_t n = write(fd, files[i].data + done, files[i].size - done);
            if (n < 0) die("cannot write", files[i].path);
            done += n;
        }
        if (close(fd) != 0) die("cannot close", files[i].path);
    }

    clock_gettime(CLOCK_MONOTONIC, &end);
    getrusage(RUSAGE_SELF, &after);
    double wall = (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9;
    printf("%.6f %.6f %.6f %ld %zu %zu\n", wall,
           seconds(after.ru_utime) - seconds(before.ru_utime),
           seconds(after.ru_stime) - seconds(before.ru_stime),
           after.ru_maxrss, count, bytes);
    return 0;
}
