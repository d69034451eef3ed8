/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — static evaluation: computes the feature vector of a position (Red minus Black)
 * and its weighted sum. Weights live in tunables.h; the shapes of the piece-square tables
 * below and how their scale was tuned are described in docs/eval.md. */
#include "cotuong/eval.h"
#include "tunables.h"

static const int default_weights[CT_EVAL_NFEATURES] = TN_EVAL_WEIGHTS;

static const char *const feature_names[CT_EVAL_NFEATURES] = {
    "mat_advisor", "mat_elephant", "mat_horse", "mat_rook", "mat_cannon", "mat_pawn",
    "pawn_crossed", "pst_king", "pst_advisor", "pst_elephant", "pst_horse", "pst_rook",
    "pst_cannon", "pst_pawn", "advisor_missing", "elephant_missing", "cannon_king_file",
    "cannon_hollow", "rook_palace_file", "mob_horse", "mob_rook", "mob_cannon",
    "rook_open_file", "horse_leg_blocked", "pawn_connected", "pawn_palace", "horse_phase",
    "cannon_phase", "king_zone", "cannon_king_file2", "tempo",
};

/* Piece-square shapes from Red's side: row 0 of each table is rank 9 (the enemy's back
 * rank), row 9 is rank 0 (Red's own back rank); files a..i left to right. Black reads the
 * same table with ranks mirrored. Written by hand from xiangqi principles (central and
 * advanced squares, the horse's "good squares" on ranks 6-7, the cannon behind its own
 * pieces or on the central file, pawns gaining value near the palace); their overall
 * scale per piece is a tuned weight (CT_F_PST_*). */
static const int8_t pst_shape[CT_PIECE_TYPES][10][9] = {
    [CT_KING] = {
        {0}, {0}, {0}, {0}, {0}, {0}, {0},
        {0, 0, 0, -8, -8, -8, 0, 0, 0},
        {0, 0, 0, -4, -2, -4, 0, 0, 0},
        {0, 0, 0, 0, 2, 0, 0, 0, 0},
    },
    [CT_ADVISOR] = {
        {0}, {0}, {0}, {0}, {0}, {0}, {0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 3, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
    },
    [CT_ELEPHANT] = {
        {0}, {0}, {0}, {0}, {0},
        {0, 0, -1, 0, 0, 0, -1, 0, 0},
        {0},
        {-2, 0, 0, 0, 3, 0, 0, 0, -2},
        {0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
    },
    [CT_HORSE] = {
        {4, 8, 16, 12, 4, 12, 16, 8, 4},
        {4, 10, 28, 16, 8, 16, 28, 10, 4},
        {12, 14, 16, 20, 18, 20, 16, 14, 12},
        {8, 24, 18, 24, 20, 24, 18, 24, 8},
        {6, 16, 14, 18, 16, 18, 14, 16, 6},
        {4, 12, 16, 14, 12, 14, 16, 12, 4},
        {2, 6, 8, 6, 10, 6, 8, 6, 2},
        {4, 2, 8, 8, 4, 8, 8, 2, 4},
        {0, 2, 4, 4, -2, 4, 4, 2, 0},
        {0, -4, 0, 0, 0, 0, 0, -4, 0},
    },
    [CT_ROOK] = {
        {4, 8, 6, 12, 14, 12, 6, 8, 4},
        {6, 10, 8, 14, 20, 14, 8, 10, 6},
        {4, 8, 6, 14, 16, 14, 6, 8, 4},
        {6, 12, 12, 14, 16, 14, 12, 12, 6},
        {8, 12, 12, 14, 16, 14, 12, 12, 8},
        {6, 10, 10, 12, 14, 12, 10, 10, 6},
        {4, 8, 6, 12, 12, 12, 6, 8, 4},
        {-2, 8, 4, 12, 12, 12, 4, 8, -2},
        {2, 8, 4, 12, 0, 12, 4, 8, 2},
        {-6, 6, 4, 12, 0, 12, 4, 6, -6},
    },
    [CT_CANNON] = {
        {6, 4, 0, -10, -12, -10, 0, 4, 6},
        {2, 2, 0, -4, -14, -4, 0, 2, 2},
        {2, 2, 0, -10, -8, -10, 0, 2, 2},
        {0, 0, -2, 4, 10, 4, -2, 0, 0},
        {0, 0, 0, 2, 8, 2, 0, 0, 0},
        {-2, 0, 4, 2, 6, 2, 4, 0, -2},
        {0, 0, 0, 2, 4, 2, 0, 0, 0},
        {4, 0, 8, 6, 10, 6, 8, 0, 4},
        {0, 2, 4, 6, 6, 6, 4, 2, 0},
        {0, 0, 2, 6, 6, 6, 2, 0, 0},
    },
    [CT_PAWN] = {
        {0, 2, 4, 6, 8, 6, 4, 2, 0},
        {10, 20, 30, 45, 50, 45, 30, 20, 10},
        {10, 20, 30, 40, 45, 40, 30, 20, 10},
        {5, 15, 20, 30, 35, 30, 20, 15, 5},
        {0, 10, 10, 20, 20, 20, 10, 10, 0},
        {0, 0, -5, 0, 5, 0, -5, 0, 0},
        {0, 0, -5, 0, 0, 0, -5, 0, 0},
        {0}, {0}, {0},
    },
};

static const int mat_feature[CT_PIECE_TYPES] = {
    [CT_ADVISOR] = CT_F_MAT_ADVISOR, [CT_ELEPHANT] = CT_F_MAT_ELEPHANT,
    [CT_HORSE] = CT_F_MAT_HORSE,     [CT_ROOK] = CT_F_MAT_ROOK,
    [CT_CANNON] = CT_F_MAT_CANNON,   [CT_PAWN] = CT_F_MAT_PAWN,
};
static const int pst_feature[CT_PIECE_TYPES] = {
    [CT_KING] = CT_F_PST_KING,   [CT_ADVISOR] = CT_F_PST_ADVISOR, [CT_ELEPHANT] = CT_F_PST_ELEPHANT,
    [CT_HORSE] = CT_F_PST_HORSE, [CT_ROOK] = CT_F_PST_ROOK,       [CT_CANNON] = CT_F_PST_CANNON,
    [CT_PAWN] = CT_F_PST_PAWN,
};

static const int horse_leg[4] = {16, -16, 1, -1};
static const int horse_to[4][2] = {{33, 31}, {-31, -33}, {18, -14}, {14, -18}};
static const int orth[4] = {16, -16, 1, -1};

/* Rank from `side`'s own point of view (0 = own back rank). */
static inline int rel_rank(int side, int sq)
{
    int r = CT_SQ_RANK(sq);
    return side == CT_RED ? r : 9 - r;
}

static inline bool is_piece(int v) { return v != 0 && v != CT_OFFBOARD; }

/* Adds one side's features (sign +1 for Red, -1 for Black) into f; `phase` is the number
 * of rooks, horses and cannons on the board (both sides, 0-12). */
static void side_features(const ct_pos *pos, int side, int sign, int phase, int *f)
{
    int base = CT_SIDE_FLAG(side), ebase = CT_SIDE_FLAG(side ^ 1);
    int own = CT_SIDE_FLAG(side);
    int ksq = pos->sq_of[ebase + CT_SLOT_KING]; /* the enemy king: target of our attack */
    int kfile = ksq ? CT_SQ_FILE(ksq) : 4;
    int attackers = 0, crossed_files = 0;

    for (int slot = 0; slot < 16; slot++) {
        int sq = pos->sq_of[base + slot];
        if (!sq)
            continue;
        int pt = ct_piece_type(base + slot);
        int rr = rel_rank(side, sq), file = CT_SQ_FILE(sq);
        if (pt != CT_KING)
            f[mat_feature[pt]] += sign;
        /* An attacker in the enemy king's zone: its palace and the squares around it. */
        if (rr >= 6 && file >= 2 && file <= 6 && pt >= CT_HORSE)
            f[CT_F_KING_ZONE] += sign;
        f[pst_feature[pt]] += sign * pst_shape[pt][9 - rr][file];
        switch (pt) {
        case CT_PAWN:
            if (rr >= 5) {
                f[CT_F_PAWN_CROSSED] += sign;
                attackers++;
                crossed_files |= 1 << (file + 16 * (rr >= 7 ? 1 : 0));
                if (rr >= 7 && rr <= 8 && file >= 3 && file <= 5)
                    f[CT_F_PAWN_PALACE] += sign;
                /* Connected pair: a friendly crossed pawn on the file to the right, same rank. */
                int nb = pos->board[sq + 1];
                if (is_piece(nb) && (nb & own) && ct_piece_type(nb) == CT_PAWN)
                    f[CT_F_PAWN_CONNECTED] += sign;
            }
            break;
        case CT_HORSE: {
            attackers++;
            /* The horse's and the cannon's worth move with the number of pieces on the
             * board (a cannon needs screens, a horse needs room): one weight per piece and
             * piece on the board, fitted. */
            f[CT_F_HORSE_PHASE] += sign * phase;
            int mob = 0;
            for (int d = 0; d < 4; d++) {
                if (pos->board[sq + horse_leg[d]]) {
                    if (is_piece(pos->board[sq + horse_leg[d]]))
                        f[CT_F_HORSE_LEG_BLOCKED] += sign;
                    continue;
                }
                for (int k = 0; k < 2; k++)
                    if (!(pos->board[sq + horse_to[d][k]] & own))
                        mob++;
            }
            f[CT_F_MOB_HORSE] += sign * mob;
            break;
        }
        case CT_ROOK: {
            attackers += 2;
            int mob = 0;
            for (int d = 0; d < 4; d++) {
                int t = sq + orth[d];
                while (pos->board[t] == 0) {
                    mob++;
                    t += orth[d];
                }
                if (!(pos->board[t] & own))
                    mob++;
            }
            f[CT_F_MOB_ROOK] += sign * mob;
            /* Open file: no pawn of either side on the rook's file. */
            bool open = true;
            for (int r = 0; r < 10 && open; r++) {
                int v = pos->board[CT_SQ(file, r)];
                if (is_piece(v) && ct_piece_type(v) == CT_PAWN)
                    open = false;
            }
            if (open)
                f[CT_F_ROOK_OPEN_FILE] += sign;
            /* A rook on a palace file (d-f) with a clear path into the enemy palace. */
            if (file >= 3 && file <= 5 && rr <= 7) {
                int step = side == CT_RED ? 16 : -16;
                int t = sq + step;
                while (pos->board[t] == 0 && rel_rank(side, t) < 7)
                    t += step;
                if (rel_rank(side, t) >= 7 && pos->board[t] != CT_OFFBOARD &&
                    (pos->board[t] == 0 || (pos->board[t] & ebase)))
                    f[CT_F_ROOK_PALACE_FILE] += sign;
            }
            break;
        }
        case CT_CANNON: {
            attackers++;
            f[CT_F_CANNON_PHASE] += sign * phase;
            int mob = 0;
            for (int d = 0; d < 4; d++) {
                int t = sq + orth[d];
                while (pos->board[t] == 0) {
                    mob++;
                    t += orth[d];
                }
            }
            f[CT_F_MOB_CANNON] += sign * mob;
            if (file == kfile && ksq) {
                int screens = 0;
                int step = CT_SQ_RANK(ksq) > CT_SQ_RANK(sq) ? 16 : -16;
                for (int t = sq + step; t != ksq; t += step)
                    if (pos->board[t])
                        screens++;
                if (screens == 0)
                    f[CT_F_CANNON_HOLLOW] += sign;
                else if (screens == 1)
                    f[CT_F_CANNON_KING_FILE] += sign;
                else if (screens == 2) /* the central cannon of the opening: e3 and e6 */
                    f[CT_F_CANNON_KING_FILE2] += sign;
            }
            break;
        }
        default:
            break;
        }
    }
    (void)crossed_files;
    /* The enemy's missing defenders, weighted by our attacking force: a gain for us. */
    int adv = 0, ele = 0;
    for (int k = 0; k < 2; k++) {
        adv += pos->sq_of[ebase + CT_SLOT_ADVISOR + k] != 0;
        ele += pos->sq_of[ebase + CT_SLOT_ELEPHANT + k] != 0;
    }
    f[CT_F_ADVISOR_MISSING] -= sign * (2 - adv) * attackers;
    f[CT_F_ELEPHANT_MISSING] -= sign * (2 - ele) * attackers;
}

void ct_eval_features(const ct_pos *pos, int *f)
{
    for (int i = 0; i < CT_EVAL_NFEATURES; i++)
        f[i] = 0;
    int phase = 0;
    for (int c = 0; c < 2; c++)
        for (int slot = CT_SLOT_HORSE; slot < CT_SLOT_PAWN; slot++)
            phase += pos->sq_of[CT_SIDE_FLAG(c) + slot] != 0;
    side_features(pos, CT_RED, 1, phase, f);
    side_features(pos, CT_BLACK, -1, phase, f);
    f[CT_F_TEMPO] = pos->side == CT_RED ? 1 : -1;
}

int ct_eval_divisor(int feature)
{
    return feature >= CT_F_PST_KING && feature <= CT_F_PST_PAWN ? 100 : 1;
}

const char *ct_eval_feature_name(int feature)
{
    return feature >= 0 && feature < CT_EVAL_NFEATURES ? feature_names[feature] : "?";
}

const int *ct_eval_default_weights(void)
{
    return default_weights;
}

int ct_eval_weighted(const ct_pos *pos, const int *w)
{
    int f[CT_EVAL_NFEATURES];
    ct_eval_features(pos, f);
    long sum = 0, pst = 0;
    for (int i = 0; i < CT_EVAL_NFEATURES; i++) {
        if (ct_eval_divisor(i) == 1)
            sum += (long)w[i] * f[i];
        else
            pst += (long)w[i] * f[i];
    }
    sum += pst / 100;
    int v = (int)sum;
    return pos->side == CT_RED ? v : -v;
}

int ct_eval(const ct_pos *pos)
{
    return ct_eval_weighted(pos, default_weights);
}
