/* classic_ab.c: the classic Othello alpha-beta of desktop/bench/tournament.py
 * (_ab: negamax over CORNER_TABLE, a pass keeps the depth, a finished game is
 * +-AB_WIN with no margin) in C, for Mapello positions: the same values from
 * the same nodes, some 300 times as fast, so that a tournament can play the
 * classic program 9 plies deep (desktop/bench/classic_ab.py builds and
 * loads it; tests/test_classic_ab.py holds it to the Python).
 *
 * The ABI takes the 10x10 masks of mapello/rules/geometry.py (bit i is row
 * i // 10, column i % 10; discs on rows and columns 1..8) as (low 64 bits,
 * high bits) pairs.  Inside, the search runs on plain 8x8 bitboards (bit
 * 8 * (row - 1) + column - 1, so the order of cells is the same as in the
 * 10x10 layout) with edge masks; jokers, which never change during a search,
 * become per-direction masks of the edge cells they close a line for:
 *   jin[d]:  inner cells c with c - D a joker (a run along D may start there,
 *            as if an own disc stood on the joker);
 *   jout[d]: inner cells c with c + D a joker (a run along D that reaches c
 *            and the edge is closed by the joker).
 * Jokers on inner cells (which the rules never place) count as own discs of
 * both sides, as in the Python.
 *
 * Domain: own, opp and empty must lie inside the inner 8x8 (the wrapper
 * checks); jokers and bonuses may be anything.  On that domain ab_value()
 * returns exactly what _ab() returns, visiting the same nodes in the same
 * order (moves by CORNER_TABLE weight, descending, ties in cell order).
 */

#include <stdint.h>

typedef uint64_t u64;
typedef unsigned __int128 u128;

#define AB_WIN 10000

/* Directions: the four that go to higher cell numbers first. */
enum { DE, DS, DSE, DSW, DW, DN, DNW, DNE };
static const int DR[8] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int DC[8] = {1, 0, 1, -1, -1, 0, -1, 1};

#define COL_A 0x0101010101010101ULL
#define COL_H 0x8080808080808080ULL
#define NOT_A (~COL_A)
#define NOT_H (~COL_H)

static const int CORNER_TABLE[64] = {
    100, -20, 10, 5, 5, 10, -20, 100,
    -20, -50, -2, -2, -2, -2, -50, -20,
    10, -2, -1, -1, -1, -1, -2, 10,
    5, -2, -1, -1, -1, -1, -2, 5,
    5, -2, -1, -1, -1, -1, -2, 5,
    10, -2, -1, -1, -1, -1, -2, 10,
    -20, -50, -2, -2, -2, -2, -50, -20,
    100, -20, 10, 5, 5, 10, -20, 100};

/* Move order: weight classes, highest weight first (then ascending cells). */
#define NCLASS 7
static const int CLASS_W[NCLASS] = {100, 10, 5, -1, -2, -20, -50};
static u64 CLASS[NCLASS];

static u64 RAY[64][8];      /* cells strictly beyond b along d, to the edge */
static u64 RAYLAST[64][8];  /* the last cell of RAY[b][d] (0 if none) */
static int16_t ROWW[8][256]; /* table sum over the discs of one row */


__attribute__((constructor)) static void init_tables(void)
{
    for (int k = 0; k < NCLASS; k++) {
        CLASS[k] = 0;
        for (int i = 0; i < 64; i++)
            if (CORNER_TABLE[i] == CLASS_W[k])
                CLASS[k] |= 1ULL << i;
    }
    for (int b = 0; b < 64; b++) {
        for (int d = 0; d < 8; d++) {
            u64 ray = 0, last = 0;
            int r = b / 8 + DR[d], c = b % 8 + DC[d];
            while (r >= 0 && r < 8 && c >= 0 && c < 8) {
                last = 1ULL << (8 * r + c);
                ray |= last;
                r += DR[d];
                c += DC[d];
            }
            RAY[b][d] = ray;
            RAYLAST[b][d] = last;
        }
    }
    for (int r = 0; r < 8; r++)
        for (int bits = 0; bits < 256; bits++) {
            int v = 0;
            for (int c = 0; c < 8; c++)
                if (bits >> c & 1)
                    v += CORNER_TABLE[8 * r + c];
            ROWW[r][bits] = (int16_t)v;
        }
}

typedef struct {
    u64 jin[8];
    u64 jout[8];
    u64 jinner;   /* jokers on inner cells (never, by the rules) */
} Ctx;

/* Moves of `own` (jokers included) against `opp` onto `empty`: Kogge-Stone
 * fills of up to 8 steps, which is the longest run of opp discs the inner 8x8
 * holds along any line. */
#define FILL_POS(s, dst, jn)                                             \
    do {                                                                 \
        u64 p0 = opp & (dst);                                            \
        u64 t = (p0 & (own << (s))) | (opp & (jn));                      \
        t |= p0 & (t << (s));                                            \
        u64 p1 = p0 & (p0 << (s));                                       \
        t |= p1 & (t << (2 * (s)));                                      \
        u64 p2 = p1 & (p1 << (2 * (s)));                                 \
        t |= p2 & (t << (4 * (s)));                                      \
        m |= (dst) & (t << (s));                                         \
    } while (0)
#define FILL_NEG(s, dst, jn)                                             \
    do {                                                                 \
        u64 p0 = opp & (dst);                                            \
        u64 t = (p0 & (own >> (s))) | (opp & (jn));                      \
        t |= p0 & (t >> (s));                                            \
        u64 p1 = p0 & (p0 >> (s));                                       \
        t |= p1 & (t >> (2 * (s)));                                      \
        u64 p2 = p1 & (p1 >> (2 * (s)));                                 \
        t |= p2 & (t >> (4 * (s)));                                      \
        m |= (dst) & (t >> (s));                                         \
    } while (0)

static inline u64 moves8(u64 own, u64 opp, u64 empty, const u64 *jin)
{
    u64 m = 0;
    FILL_POS(1, NOT_A, jin[DE]);
    FILL_POS(8, ~0ULL, jin[DS]);
    FILL_POS(9, NOT_A, jin[DSE]);
    FILL_POS(7, NOT_H, jin[DSW]);
    FILL_NEG(1, NOT_H, jin[DW]);
    FILL_NEG(8, ~0ULL, jin[DN]);
    FILL_NEG(9, NOT_H, jin[DNW]);
    FILL_NEG(7, NOT_A, jin[DNE]);
    return m & empty;
}

/* Discs of opp flipped by a disc on b: along each ray, the first cell that is
 * not opp must be own; a ray of opp discs up to the edge is closed by a
 * joker just beyond it. */
/* Whether moves8() would be non-zero, a direction at a time (most leaves
 * have a move along the first direction or two). */
static inline int has_moves8(u64 own, u64 opp, u64 empty, const u64 *jin)
{
    u64 m = 0;
    FILL_POS(1, NOT_A, jin[DE]);
    FILL_NEG(1, NOT_H, jin[DW]);
    if (m & empty)
        return 1;
    FILL_POS(8, ~0ULL, jin[DS]);
    FILL_NEG(8, ~0ULL, jin[DN]);
    if (m & empty)
        return 1;
    FILL_POS(9, NOT_A, jin[DSE]);
    FILL_NEG(9, NOT_H, jin[DNW]);
    if (m & empty)
        return 1;
    FILL_POS(7, NOT_H, jin[DSW]);
    FILL_NEG(7, NOT_A, jin[DNE]);
    return (m & empty) != 0;
}

static inline u64 flips8(int b, u64 own, u64 opp, const u64 *jout)
{
    u64 f = 0;
    const u64 *ray = RAY[b], *last = RAYLAST[b];
    for (int d = 0; d < 4; d++) {         /* towards higher cells */
        u64 o = ray[d] & ~opp;
        u64 lo = o & (0 - o);             /* the first cell that is not opp */
        u64 ok = o ? (lo & own) : (last[d] & jout[d]);
        f |= ray[d] & (lo - 1) & (0 - (u64)(ok != 0));
    }
    for (int d = 4; d < 8; d++) {         /* towards lower cells */
        u64 o = ray[d] & ~opp;
        u64 hi = 1ULL << (63 - __builtin_clzll(o | 1));
        u64 ok = o ? (hi & own) : (last[d] & jout[d]);
        u64 above = o ? ~((hi << 1) - 1) : ~0ULL;
        f |= ray[d] & above & (0 - (u64)(ok != 0));
    }
    return f;
}

static inline int table_value(u64 own, u64 opp)
{
    int v = 0;
    for (int r = 0; r < 8; r++)
        v += ROWW[r][(own >> (8 * r)) & 255] - ROWW[r][(opp >> (8 * r)) & 255];
    return v;
}

/* A node at the horizon: the table, unless the game is over. */
static inline int leaf(Ctx *cx, u64 own, u64 opp, u64 empty, int bonus_diff)
{
    if (has_moves8(own | cx->jinner, opp, empty, cx->jin) ||
        has_moves8(opp | cx->jinner, own, empty, cx->jin))
        return table_value(own, opp);
    int d = __builtin_popcountll(own) - __builtin_popcountll(opp) + 3 * bonus_diff;
    return d > 0 ? AB_WIN : d < 0 ? -AB_WIN : 0;
}

static int ab(Ctx *cx, u64 own, u64 opp, u64 empty, u64 bonuses, int bonus_diff,
              int depth, int alpha, int beta)
{
    if (depth <= 0)
        return leaf(cx, own, opp, empty, bonus_diff);
    u64 ownj = own | cx->jinner;
    u64 m = moves8(ownj, opp, empty, cx->jin);
    if (!m) {
        if (!moves8(opp | cx->jinner, own, empty, cx->jin)) {
            int d = __builtin_popcountll(own) - __builtin_popcountll(opp) + 3 * bonus_diff;
            return d > 0 ? AB_WIN : d < 0 ? -AB_WIN : 0;
        }
        return -ab(cx, opp, own, empty, bonuses, -bonus_diff, depth, -beta, -alpha);
    }
    int best = -AB_WIN * 10;
    for (int k = 0; k < NCLASS; k++) {
        u64 mm = m & CLASS[k];
        while (mm) {
            int b = __builtin_ctzll(mm);
            u64 bit = mm & (0 - mm);
            mm ^= bit;
            u64 f = flips8(b, ownj, opp, cx->jout);
            int took = (bonuses & bit) != 0;
            int v = depth == 1
                ? -leaf(cx, opp ^ f, own | f | bit, empty ^ bit, -bonus_diff - took)
                : -ab(cx, opp ^ f, own | f | bit, empty ^ bit, bonuses & ~bit,
                      -bonus_diff - took, depth - 1, -beta, -alpha);
            if (v > best) {
                best = v;
                if (v > alpha) {
                    alpha = v;
                    if (v >= beta)
                        return best;
                }
            }
        }
    }
    return best;
}

/* 10x10 mask -> 8x8 (the inner cells only). */
static u64 to8(u128 x)
{
    u64 out = 0;
    for (int r = 0; r < 8; r++)
        out |= (u64)((x >> (10 * r + 11)) & 255) << (8 * r);
    return out;
}

static void setup_jokers(Ctx *cx, u128 jokers)
{
    cx->jinner = to8(jokers);
    for (int d = 0; d < 8; d++) {
        u64 jin = 0, jout = 0;
        for (int r = 1; r <= 8; r++)
            for (int c = 1; c <= 8; c++) {
                int before = (r - DR[d]) * 10 + (c - DC[d]);
                int after = (r + DR[d]) * 10 + (c + DC[d]);
                int before_outside = r - DR[d] < 1 || r - DR[d] > 8 || c - DC[d] < 1 || c - DC[d] > 8;
                int after_outside = r + DR[d] < 1 || r + DR[d] > 8 || c + DC[d] < 1 || c + DC[d] > 8;
                u64 bit = 1ULL << (8 * (r - 1) + c - 1);
                /* inner neighbours are covered by jinner (as own discs) */
                if (before_outside && (int)((jokers >> before) & 1))
                    jin |= bit;
                if (after_outside && (int)((jokers >> after) & 1))
                    jout |= bit;
            }
        cx->jin[d] = jin;
        cx->jout[d] = jout;
    }
}

#define M128(lo, hi) (((u128)(hi) << 64) | (u128)(lo))

/* _ab(own, opp, empty, jokers, bonuses, bonus_diff, depth, alpha, beta) of
 * tournament.py. */
int ab_value(u64 own_lo, u64 own_hi, u64 opp_lo, u64 opp_hi, u64 empty_lo, u64 empty_hi,
             u64 jokers_lo, u64 jokers_hi, u64 bonuses_lo, u64 bonuses_hi,
             int bonus_diff, int depth, int alpha, int beta)
{
    Ctx cx;
    setup_jokers(&cx, M128(jokers_lo, jokers_hi));
    int v = ab(&cx, to8(M128(own_lo, own_hi)), to8(M128(opp_lo, opp_hi)),
               to8(M128(empty_lo, empty_hi)), to8(M128(bonuses_lo, bonuses_hi)),
               bonus_diff, depth, alpha, beta);
    return v;
}
