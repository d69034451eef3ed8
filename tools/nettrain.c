/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the correction network's trainer (cotuong/net.h; docs/eval.md says how it was
 * run, `make net` runs it).
 *
 *   nettrain label FILE NODES SHARD NSHARDS > out.txt
 *        reads lines "FEN;result" (tune masters writes them) and keeps line i when
 *        i % NSHARDS == SHARD, writing "FEN;result;score" where score is the engine's own
 *        search of NODES nodes from the side to move's point of view (a mate score as
 *        it is: the sigmoid makes it a win or a loss)
 *   nettrain fit FILE HIDDEN EPOCHS LR LAMBDA OUT.h
 *        trains a network of HIDDEN units per view on the labelled lines but the last tenth
 *        (held out), by Adam on the texel loss of the hand-written evaluation plus the
 *        network against LAMBDA * sigmoid(score) + (1 - LAMBDA) * result, and writes its
 *        weights, rounded to integers, to OUT.h (src/core/net_weights.h)
 *
 * The trainer's forward pass is the engine's (net.c) in floating point: four views (each
 * side, each mirrored), one first layer, a clipped ReLU, one output per side. */
#define _XOPEN_SOURCE 700
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cotuong/eval.h"
#include "cotuong/net.h"
#include "cotuong/position.h"
#include "cotuong/search.h"

enum { QA = 127, QB = 64, MAX_HIDDEN = 256, BATCH = 1024 };

static int label(const char *path, long nodes, int shard, int nshards)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return 1;
    }
    ct_search *s = ct_search_new(16);
    ct_search_use_book(s, false);
    ct_pos pos;
    char line[256];
    for (long i = 0; fgets(line, sizeof line, f); i++) {
        if (i % nshards != shard)
            continue;
        char *semi = strchr(line, ';');
        if (!semi)
            continue;
        *semi = 0;
        semi[1 + strcspn(semi + 1, "\n")] = 0;
        if (ct_fen_read(&pos, line, NULL) != CT_OK)
            continue;
        ct_limits lim;
        ct_limits_init(&lim);
        lim.nodes = (uint64_t)nodes;
        ct_search_result r;
        ct_search_run(s, &pos, &lim, NULL, NULL, &r);
        if (r.best == CT_NO_MOVE) /* mated or stalemated: no search to learn from */
            continue;
        printf("%s;%s;%d\n", line, semi + 1, r.score);
    }
    fclose(f);
    ct_search_free(s);
    return 0;
}

/* A training position: the hand-written evaluation and the target, both for the side to
 * move, and the active inputs of the four views (view = 2 * q + mirror, q = 0 the side to
 * move). */
typedef struct {
    float hand, target, result;
    uint8_t n[4];
    uint16_t idx[4][CT_NET_MAX_ACTIVE];
} sample;

typedef struct {
    float *w, *m, *v;
} param;

static double k_scale; /* the sigmoid's K, fitted to the hand-written evaluation */

static double sigmoid(double cp) { return 1.0 / (1.0 + pow(10.0, -k_scale * cp / 400.0)); }

static uint64_t rng = 0x2545f4914f6cdd1dULL;
static uint64_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static int hidden;
static param w1, b1, w2, b2;

static void param_new(param *p, size_t n)
{
    p->w = calloc(n, sizeof(float));
    p->m = calloc(n, sizeof(float));
    p->v = calloc(n, sizeof(float));
    if (!p->w || !p->m || !p->v) {
        fputs("nettrain: out of memory\n", stderr);
        exit(1);
    }
}

static void adam(param *p, size_t i, float g, float lr, double c1, double c2)
{
    p->m[i] = 0.9f * p->m[i] + 0.1f * g;
    p->v[i] = 0.999f * p->v[i] + 0.001f * g * g;
    p->w[i] -= lr * (float)(p->m[i] / c1) / (sqrtf((float)(p->v[i] / c2)) + 1e-8f);
}

/* The network's output in centipawns; acc gets the first layer's sums of the four views. */
static double forward(const sample *s, float *acc)
{
    double out = b2.w[0];
    for (int view = 0; view < 4; view++) {
        float *a = acc + view * hidden;
        memcpy(a, b1.w, sizeof(float) * (size_t)hidden);
        for (int i = 0; i < s->n[view]; i++) {
            const float *w = w1.w + (size_t)s->idx[view][i] * hidden;
            for (int j = 0; j < hidden; j++)
                a[j] += w[j];
        }
        const float *o = w2.w + (view >> 1) * hidden;
        for (int j = 0; j < hidden; j++)
            out += o[j] * (a[j] < 0 ? 0 : a[j] > 1 ? 1 : a[j]);
    }
    return 100.0 * out;
}

static double loss(const sample *sm, int lo, int hi, bool net, bool on_result)
{
    float acc[4 * MAX_HIDDEN];
    double sum = 0;
    for (int i = lo; i < hi; i++) {
        double d = (on_result ? sm[i].result : sm[i].target) -
                   sigmoid(sm[i].hand + (net ? forward(&sm[i], acc) : 0));
        sum += d * d;
    }
    return sum / (hi - lo);
}

static void write_weights(const char *path, const uint8_t *seen)
{
    FILE *o = fopen(path, "w");
    if (!o) {
        perror(path);
        exit(1);
    }
    fprintf(o, "/* SPDX-License-Identifier: GPL-3.0-or-later */\n"
               "/* cotuong — the correction network's weights, written by tools/nettrain.c\n"
               " * (docs/eval.md) from positions of the master games of the Chinese Chess\n"
               " * Practical Dataset by Yu-Han Tseng (CC BY 4.0; README.md, assets/README).\n"
               " * Inputs that no training position had are left out (zero). */\n"
               "enum { NET_HIDDEN = %d, NET_QA = %d, NET_QB = %d };\n"
               "static const int16_t net_w1[CT_NET_INPUTS][NET_HIDDEN] = {\n",
            hidden, QA, QB);
    for (int x = 0; x < CT_NET_INPUTS; x++) {
        if (!seen[x])
            continue;
        fprintf(o, "[%d]={", x);
        for (int j = 0; j < hidden; j++)
            fprintf(o, "%ld,", lrintf(w1.w[(size_t)x * hidden + j] * QA));
        fprintf(o, "},\n");
    }
    fprintf(o, "};\nstatic const int16_t net_b1[NET_HIDDEN] = {");
    for (int j = 0; j < hidden; j++)
        fprintf(o, "%ld,", lrintf(b1.w[j] * QA));
    fprintf(o, "};\nstatic const int16_t net_w2[2][NET_HIDDEN] = {");
    for (int q = 0; q < 2; q++) {
        fprintf(o, "{");
        for (int j = 0; j < hidden; j++)
            fprintf(o, "%ld,", lrintf(w2.w[q * hidden + j] * QB));
        fprintf(o, "},");
    }
    fprintf(o, "};\nstatic const int32_t net_b2 = %ld;\n", lrint(b2.w[0] * QA * QB));
    fclose(o);
}

static int fit(const char *path, int epochs, float lr, double lambda, const char *out)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return 1;
    }
    int cap = 1 << 20, n = 0;
    sample *sm = malloc(sizeof(sample) * (size_t)cap);
    float *score = malloc(sizeof(float) * (size_t)cap);
    ct_pos pos;
    char line[256];
    while (sm && score && fgets(line, sizeof line, f)) {
        char *semi = strchr(line, ';'), *semi2 = semi ? strchr(semi + 1, ';') : NULL;
        if (!semi2)
            continue;
        *semi = 0;
        if (ct_fen_read(&pos, line, NULL) != CT_OK)
            continue;
        if (n == cap) {
            cap *= 2;
            sm = realloc(sm, sizeof(sample) * (size_t)cap);
            score = realloc(score, sizeof(float) * (size_t)cap);
            if (!sm || !score)
                break;
        }
        sample *s = &sm[n];
        double red = atof(semi + 1);
        s->result = (float)(pos.side == CT_RED ? red : 1 - red);
        s->hand = (float)ct_eval_hand(&pos);
        score[n] = (float)atof(semi2 + 1);
        for (int view = 0; view < 4; view++)
            s->n[view] = (uint8_t)ct_net_inputs(&pos, pos.side ^ (view >> 1), view & 1, s->idx[view]);
        n++;
    }
    fclose(f);
    if (!sm || !score || n < 10) {
        fputs("nettrain: too few positions (or out of memory)\n", stderr);
        return 1;
    }
    int ntrain = n - n / 10;
    double best = 1e9, best_k = 0.6;
    for (int k = 30; k < 120; k++) {
        k_scale = k / 100.0;
        double l = loss(sm, 0, ntrain, false, true);
        if (l < best)
            best = l, best_k = k_scale;
    }
    k_scale = best_k;
    for (int i = 0; i < n; i++)
        sm[i].target = (float)(lambda * sigmoid(score[i]) + (1 - lambda) * sm[i].result);
    free(score);
    printf("%d positions, %d held out; K %.2f, lambda %.2f\n", n, n - ntrain, k_scale, lambda);
    printf("hand-written evaluation alone: target loss held out %.6f, result loss held out %.6f\n",
           loss(sm, ntrain, n, false, false), loss(sm, ntrain, n, false, true));
    fflush(stdout);

    param_new(&w1, (size_t)CT_NET_INPUTS * hidden);
    param_new(&b1, (size_t)hidden);
    param_new(&w2, 2 * (size_t)hidden);
    param_new(&b2, 1);
    float *grad = calloc((size_t)CT_NET_INPUTS * hidden, sizeof(float));
    uint8_t *seen = calloc(CT_NET_INPUTS, 1), *touched = calloc(CT_NET_INPUTS, 1);
    int *touched_list = malloc(sizeof(int) * CT_NET_INPUTS);
    int *order = malloc(sizeof(int) * (size_t)ntrain);
    if (!grad || !seen || !touched || !touched_list || !order) {
        fputs("nettrain: out of memory\n", stderr);
        return 1;
    }
    /* Small random first-layer weights, units starting in the ReLU's linear part, and
     * output weights near zero: the network starts as (almost) no correction. */
    for (size_t i = 0; i < (size_t)CT_NET_INPUTS * hidden; i++)
        w1.w[i] = (float)((double)(rnd() >> 11) / 9007199254740992.0 - 0.5) * 0.1f;
    for (int j = 0; j < hidden; j++)
        b1.w[j] = 0.5f;
    for (int j = 0; j < 2 * hidden; j++)
        w2.w[j] = (float)((double)(rnd() >> 11) / 9007199254740992.0 - 0.5) * 0.02f;
    for (int i = 0; i < ntrain; i++)
        order[i] = i;

    float acc[4 * MAX_HIDDEN], gb1[MAX_HIDDEN], gw2[2 * MAX_HIDDEN];
    long step = 0;
    const double ln10 = log(10.0);
    for (int epoch = 0; epoch < epochs; epoch++) {
        for (int i = ntrain - 1; i > 0; i--) {
            int j = (int)(rnd() % (uint64_t)(i + 1)), x = order[i];
            order[i] = order[j], order[j] = x;
        }
        /* The last epoch at a third of the rate, to settle. */
        float rate = epoch == epochs - 1 && epochs > 1 ? lr / 3 : lr;
        double fitted = 0;
        for (int b0 = 0; b0 < ntrain; b0 += BATCH) {
            int bn = b0 + BATCH < ntrain ? BATCH : ntrain - b0, ntouched = 0;
            memset(gb1, 0, sizeof gb1);
            memset(gw2, 0, sizeof gw2);
            float gb2 = 0;
            for (int k = b0; k < b0 + bn; k++) {
                const sample *s = &sm[order[k]];
                double p = sigmoid(s->hand + forward(s, acc));
                double d = p - s->target;
                fitted += d * d;
                /* d loss / d output, the output counted in pawns */
                float g = (float)(2 * d * p * (1 - p) * ln10 * k_scale / 4.0);
                gb2 += g;
                for (int view = 0; view < 4; view++) {
                    const float *a = acc + view * hidden;
                    const float *o = w2.w + (view >> 1) * hidden;
                    float *go = gw2 + (view >> 1) * hidden;
                    for (int i = 0; i < s->n[view]; i++) {
                        int x = s->idx[view][i];
                        if (!touched[x])
                            touched[x] = 1, touched_list[ntouched++] = x;
                    }
                    for (int j = 0; j < hidden; j++) {
                        go[j] += g * (a[j] < 0 ? 0 : a[j] > 1 ? 1 : a[j]);
                        if (a[j] <= 0 || a[j] >= 1)
                            continue;
                        float gh = g * o[j];
                        gb1[j] += gh;
                        for (int i = 0; i < s->n[view]; i++)
                            grad[(size_t)s->idx[view][i] * hidden + j] += gh;
                    }
                }
            }
            step++;
            double c1 = 1 - pow(0.9, (double)step), c2 = 1 - pow(0.999, (double)step);
            float inv = 1.0f / (float)bn;
            for (int t = 0; t < ntouched; t++) {
                int x = touched_list[t];
                for (int j = 0; j < hidden; j++) {
                    size_t i = (size_t)x * hidden + j;
                    adam(&w1, i, grad[i] * inv, rate, c1, c2);
                    grad[i] = 0;
                }
                touched[x] = 0;
                seen[x] = 1;
            }
            for (int j = 0; j < hidden; j++)
                adam(&b1, (size_t)j, gb1[j] * inv, rate, c1, c2);
            for (int j = 0; j < 2 * hidden; j++)
                adam(&w2, (size_t)j, gw2[j] * inv, rate, c1, c2);
            adam(&b2, 0, gb2 * inv, rate, c1, c2);
        }
        printf("epoch %d: target loss fitted %.6f, held out %.6f; result loss held out %.6f\n",
               epoch + 1, fitted / ntrain, loss(sm, ntrain, n, true, false),
               loss(sm, ntrain, n, true, true));
        fflush(stdout);
    }
    write_weights(out, seen);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 6 && strcmp(argv[1], "label") == 0)
        return label(argv[2], atol(argv[3]), atoi(argv[4]), atoi(argv[5]));
    if (argc == 8 && strcmp(argv[1], "fit") == 0) {
        hidden = atoi(argv[3]);
        if (hidden < 1 || hidden > MAX_HIDDEN) {
            fprintf(stderr, "nettrain: HIDDEN must be 1..%d\n", MAX_HIDDEN);
            return 2;
        }
        return fit(argv[2], atoi(argv[4]), (float)atof(argv[5]), atof(argv[6]), argv[7]);
    }
    fputs("usage: nettrain label FILE NODES SHARD NSHARDS > out.txt\n"
          "       nettrain fit FILE HIDDEN EPOCHS LR LAMBDA OUT.h\n",
          stderr);
    return 2;
}
