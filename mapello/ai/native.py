"""The search kernel in native code: the alpha-beta loop of
mapello.ai.alphabeta, the leaves and the move generator of mapello.ai.frontier,
as one viper function over machine words, for boards that load native .mpy
files (CircuitPython 10.3.1 and later on the RP2040 and RP2350) and for the
MicroPython VM.  It searches the same tree as the bytecode kernel, node for
node: the same moves in the same order, the same values, the same table
(tests/test_native.py runs both on the same positions).

Elsewhere this module does not import (CPython has no viper emitter, the
browser's VM no native emitter, and deploy.sh installs it only where the
board loads it): mapello.ai.kernel then takes the bytecode search.

Viper integers are machine words: 32 bits on a board, 64 in the desktop VM.
Every value here stays within 31 bits, and what goes into the 32-bit arrays
is never negative (signed quantities are kept plus _BIAS), so that a load
reads the same on both; tests/test_native.py runs this source under CPython
and checks every local of the kernel on every line.
"""

import micropython
from micropython import const
from array import array

_INF = const(1000000)
# Nodes a step of the app's thinking searches and at most between two looks
# at the clock (as mapello.ai.search's, for the same time on an RP2040: the
# native kernel searches some 16 times as many nodes a second)
SLICE = const(128)
CLOCK_NODES = const(256)
_WIN = const(100000)
_DISC = const(256)
_BIAS = const(4194304)  # 2**22: added to the signed values the 32-bit arrays hold
_KEY_BIAS = const(32768)  # added to a move's sort key (a cell's weight is a signed 16-bit number)
_HISTORY_CAP = const(16384)
_TT_BITS = const(6)  # the transposition table's 64 entries: key words, then value words
_TT_SIZE = const(64)
_TT_PAIR = const(62)  # a position's pair of entries: this and the next (as mapello.ai.alphabeta's)
_MAX_MOVES = const(64)  # a ply's move list: the table's move, two killers and every legal move

# The modes of the loop (as mapello.ai.alphabeta's)
_ENTER = const(0)
_LEAVES = const(1)
_NEXT = const(2)
_RETURN = const(3)
_NO_MOVE = const(4)
_RESOLVED = const(5)

# A ply's record in the array `plies`: _STRIDE 32-bit words, the last 16 of
# them the bytes of its move list.  (b) marks a value kept plus _BIAS.
_DEPTH = const(0)  # the plies left to the horizon
_ALPHA = const(1)  # (b) the window, from the side to move's view
_BETA = const(2)  # (b)
_VALUE = const(3)  # (b) the best value found so far
_ENTRY_ALPHA = const(4)  # (b) alpha as the node was entered
_ESTIMATE = const(5)  # (b) the evaluation, kept up to date move by move
_MARGIN = const(6)  # (b) the point margin
_EMPTIES = const(7)  # the empty cells
_HASH = const(8)  # the position's hashing key
_COLOUR = const(9)  # the colour to move (1 or 2)
_TRIED = const(10)  # how many moves of the list were tried
_PLAYED = const(11)  # the cell played to reach the next ply (0: a pass)
_UNDO_START = const(12)  # where the flips of the move to this ply start in undo
_BEST_MOVE = const(13)
_NEW_KILLER = const(14)  # the last two moves that cut off at this ply
_OLD_KILLER = const(15)
_LEGAL = const(16)  # the legal moves known so far
_GENERATED = const(17)  # 1 once the move generator ran (2: above the leaves, it counted the moves)
_NULL_WINDOW = const(18)  # 1 when searched with a null window
_COUNT = const(19)  # the moves in the list
_MOVES = const(20)  # the word where the move list's bytes start
_STRIDE = const(36)
_RECORD = const(144)  # _STRIDE words, in bytes

# The array `control`: where the loop stopped, what it found, the search's constants
_C_PLY = const(0)
_C_MODE = const(1)
_C_VAL = const(2)  # (b)
_C_UNDO_TOP = const(3)
_C_NODES = const(4)
_C_ROOT_INDEX = const(5)  # the root move being searched
_C_BEST_INDEX = const(6)  # the best root move of the iteration so far
_C_ESTIMATED = const(7)  # 1 once a leaf was estimated
_C_FRONT = const(8)  # (b) the frontier weight of the phase
_C_SIDE = const(9)  # the hashing key of the side to move
_C_TABLE = const(10)  # 1 when the transposition table is used
_C_MOBILITY = const(11)  # (b) the weight of a move of the side to move above the leaves
_C_SCORES = const(16)  # (b) the root moves' scores, one a root move
_CONTROL = const(80)

# The tuple of buffers run() reads
_T_BOARD = const(0)
_T_PLIES = const(1)
_T_ROWS = const(2)
_T_WEIGHTS = const(3)
_T_POINTS = const(4)
_T_NEAR = const(5)
_T_HISTORY = const(6)
_T_UNDO = const(7)
_T_TABLE = const(8)
_T_ZKEY = const(9)
_T_ZFLIP = const(10)
_T_PEN_AT = const(11)
_T_PENALTIES = const(12)
_T_PHASE = const(13)
_T_CONTROL = const(14)
_T_KEYS = const(15)
_T_DOWN = const(16)
_T_DIRECTIONS = const(17)
_T_ONE_PLY = const(18)

# The evaluation's weights by the empties of a leaf, in the array `phase`:
# the margin's, then the parity's (signed 16-bit numbers)
_PARITY = const(65)

# Plies made at the start, while the heap is in few pieces: the deepest line
# of a game at the device's budget (an exact solve from 15 empties with its
# passes) went 22 plies in 40 games.  The array grows past it, a record at a
# time, but growing it in a heap cut up by a game needs one free block of
# the whole array (3 KB at 22 plies), which the handheld's heap model did
# not always find.
_PLIES = const(24)
_ONE_PLY = array("i", bytes(4 * _STRIDE))
# the 8 directions, plus 11 so that they are bytes (the order of
# mapello.ai.evaluation.DIRECTIONS)
_DIRECTIONS = bytes((0, 1, 2, 10, 12, 20, 21, 22))


@micropython.viper
def _run(board: ptr8, rec: ptr32, tables, limit: int) -> int:
    """Advance the search in `tables` until its iteration ends (returns 1)
    or `limit` nodes were searched (returns 0).  board: tables' mailbox;
    rec: any array (a ply's record, once running).  The first two locals
    are kept in registers, so the two used most are arguments."""
    base = int(ptr32(tables[_T_PLIES]))  # the plies' address: a ply's record is _RECORD bytes on
    rows = ptr32(tables[_T_ROWS])
    weights = ptr16(tables[_T_WEIGHTS])
    points = ptr8(tables[_T_POINTS])
    near = ptr8(tables[_T_NEAR])
    history = ptr16(tables[_T_HISTORY])
    undo = ptr8(tables[_T_UNDO])
    tt = ptr32(tables[_T_TABLE])
    zkey = ptr32(tables[_T_ZKEY])
    zflip = ptr32(tables[_T_ZFLIP])
    pen_at = ptr16(tables[_T_PEN_AT])
    pens = ptr16(tables[_T_PENALTIES])
    phase = ptr16(tables[_T_PHASE])
    control = ptr32(tables[_T_CONTROL])
    keys = ptr32(tables[_T_KEYS])
    down = ptr32(tables[_T_DOWN])
    dirs = ptr8(tables[_T_DIRECTIONS])
    room = int(len(tables[_T_PLIES])) // _STRIDE  # the plies the array holds
    use_table = int(control[_C_TABLE])
    front_weight = int(control[_C_FRONT]) - _BIAS
    mob_weight = int(control[_C_MOBILITY]) - _BIAS
    side_key = int(control[_C_SIDE])
    nodes = int(control[_C_NODES])
    p = int(control[_C_PLY])
    mode = int(control[_C_MODE])
    val = int(control[_C_VAL]) - _BIAS
    up = int(control[_C_UNDO_TOP])
    done = 0
    while True:
        rec = ptr32(base + p * _RECORD)  # the ply's record
        if mode == _ENTER:
            if nodes >= limit:
                break
            nodes += 1
            d = int(rec[_DEPTH])
            rec[_TRIED] = 0
            rec[_VALUE] = _BIAS - _INF
            rec[_ENTRY_ALPHA] = rec[_ALPHA]
            rec[_BEST_MOVE] = 0
            if p == 0:
                # the root's moves are in its list already (begin())
                rec[_LEGAL] = rec[_COUNT]
                rec[_GENERATED] = 1
                mode = _NEXT
                if d == 1:
                    mode = _LEAVES
                    control[_C_ESTIMATED] = 1  # a leaf is estimated (or the side to move has none)
                continue
            h = int(rec[_HASH])
            c = 0  # the table's move
            if use_table:
                i = h & _TT_PAIR
                y = ((h >> _TT_BITS) ^ int(rec[_EMPTIES])) & 0x1FFFFF
                if (int(tt[i]) & 0x1FFFFF) != y:
                    i += 1
                e = int(tt[i])
                if (e & 0x1FFFFF) == y:
                    v = int(tt[_TT_SIZE + i])
                    c = v & 127
                    dd = d
                    if dd > 63:
                        dd = 63
                    if (e >> 23) >= dd:
                        v = (v >> 7) - _BIAS
                        e = (e >> 21) & 3
                        if (e == 3 or (e == 1 and v >= int(rec[_BETA]) - _BIAS)
                                or (e == 2 and v <= int(rec[_ALPHA]) - _BIAS)):
                            val = v
                            mode = _RESOLVED
                            p = -p - 1  # resolved without a new table entry
                            continue
            # first the table's move and the killers, if their cells are empty
            ml = ptr8(int(rec) + 4 * _MOVES)  # its move list
            n = 0
            if c and not board[c]:
                ml[0] = c
                n = 1
            i = int(rec[_NEW_KILLER])
            if i and i != c and not board[i]:
                ml[n] = i
                n += 1
            e = int(rec[_OLD_KILLER])
            if e and e != c and e != i and not board[e]:
                ml[n] = e
                n += 1
            rec[_COUNT] = n
            rec[_LEGAL] = 0
            rec[_GENERATED] = 0
            mode = _NEXT
            if d == 1:
                mode = _LEAVES
                control[_C_ESTIMATED] = 1
            continue

        if mode == _LEAVES or mode == _NEXT:
            ml = ptr8(int(rec) + 4 * _MOVES)
            k = int(rec[_TRIED])
            n = int(rec[_COUNT])
            m = int(rec[_COLOUR])
            o = 3 - m
            known = int(rec[_LEGAL])
            gen = int(rec[_GENERATED])
            counting = 0
            if mode == _LEAVES and gen == 0:
                counting = 1  # above the leaves, first: how many moves (the mobility)
            if counting or (k == n and gen != 1):
                # the table's move and the killers are tried: all the moves
                # now, as sort keys (weight + history) * 128 + cell, less the
                # ones tried, sorted best first (mapello.ai.frontier.moves);
                # or only their number
                x1 = 0
                x2 = 0
                x3 = 0
                if n > 0:
                    x1 = int(ml[0])
                if n > 1:
                    x2 = int(ml[1])
                if n > 2:
                    x3 = int(ml[2])
                am = 10 * m
                ao = 30 - am
                count = 0
                sa = 0
                sl = 0
                sr = 0
                po = int(rows[am + 9])
                y = 8
                while y:  # runs closed below
                    x = int(rows[ao + y])
                    down[y] = sa | (sl << 1) | (sr >> 1)
                    sa = x & (po | sa)
                    sl = x & ((po | sl) << 1)
                    sr = x & ((po | sr) >> 1)
                    po = int(rows[am + y])
                    y -= 1
                sa = 0
                sl = 0
                sr = 0
                po = int(rows[am])
                y = 1
                while y < 9:  # then above, and along the row
                    x = int(rows[ao + y])
                    ow = int(rows[am + y])
                    t = int(down[y]) | sa | (sl << 1) | (sr >> 1)
                    sa = x & (po | sa)
                    sl = x & ((po | sl) << 1)
                    sr = x & ((po | sr) >> 1)
                    u = x & (ow << 1)
                    if u:
                        w = x & (u << 1)
                        while w:
                            u |= w
                            w = x & (w << 1)
                        t |= u << 1
                    u = x & (ow >> 1)
                    if u:
                        w = x & (u >> 1)
                        while w:
                            u |= w
                            w = x & (w >> 1)
                        t |= u >> 1
                    t &= int(rows[y])
                    c = 10 * y
                    if counting:
                        while t:
                            t &= t - 1
                            count += 1
                    while t:
                        if t & 1 and c != x1 and c != x2 and c != x3:
                            w = int(weights[c])
                            key = ((((w ^ 0x8000) - 0x8000) + int(history[c]) + _KEY_BIAS) << 7) | c
                            j = count  # insert it among the keys, largest first
                            while j and int(keys[j - 1]) < key:
                                keys[j] = keys[j - 1]
                                j -= 1
                            keys[j] = key
                            count += 1
                        t >>= 1
                        c += 1
                    po = ow
                    y += 1
                if counting:
                    known = count
                    rec[_LEGAL] = count
                    gen = 2  # counted; the rest of the moves listed when needed
                    rec[_GENERATED] = 2
                else:
                    j = 0
                    while j < count:
                        ml[n + j] = int(keys[j]) & 127
                        j += 1
                    n += count
                    rec[_COUNT] = n
                    if not gen:
                        known += count
                        rec[_LEGAL] = known
                    gen = 1
                    rec[_GENERATED] = 1
                if not known:
                    # no move: the other side's turn, or the end
                    rec[_TRIED] = n
                    mode = _NO_MOVE
                    continue

        if mode == _LEAVES:
            # the leaves of the node at ply p, scored by the change each move
            # makes to the evaluation (mapello.ai.frontier.leaves)
            s = int(rec[_ESTIMATE]) - _BIAS + mob_weight * known
            g = int(rec[_MARGIN]) - _BIAS
            e = int(rec[_EMPTIES]) - 1
            mw = 0
            if e >= 0:
                mw = int(phase[e])
                mw = (mw ^ 0x8000) - 0x8000
                w = int(phase[_PARITY + e])
                w = (w ^ 0x8000) - 0x8000
                if e & 1:
                    s -= w
                else:
                    s += w
            beta = int(rec[_BETA]) - _BIAS
            best = int(rec[_VALUE]) - _BIAS
            best_cell = int(rec[_BEST_MOVE])
            stop = 0  # 1: out of nodes; 2: the move generator's turn
            while True:
                if k == n:
                    if gen != 1:
                        stop = 2  # the next pass of the loop above runs it
                    break
                if nodes >= limit:
                    stop = 1
                    break
                c = int(ml[k])
                k += 1
                f = 0  # discs flipped
                sw = 0  # their weights
                fc = 0  # the frontier, own minus the opponent's: what changes
                if near[c]:
                    fc = 1
                j = 0
                while j < 8:
                    dd = int(dirs[j]) - 11
                    j += 1
                    y = c + dd
                    u = int(board[y])
                    if u == o:
                        x = y + dd
                        while int(board[x]) == o:
                            x += dd
                        if int(board[x]) & m:
                            x -= dd
                            while x != c:
                                w = int(weights[x])
                                sw += (w ^ 0x8000) - 0x8000
                                f += 1
                                if near[x]:
                                    fc += 2
                                x -= dd
                            if int(near[y]) == 1:
                                fc -= 1  # its only empty neighbour was c
                        elif int(near[y]) == 1:
                            fc += 1
                    elif u == m and int(near[y]) == 1:
                        fc -= 1
                if not f:
                    continue  # a table or killer move that is not legal here
                nodes += 1
                w = int(weights[c])
                v = (s + ((w ^ 0x8000) - 0x8000) + 2 * sw + front_weight * fc
                     + mw * (g + 1 + 2 * f + int(points[c])))
                j = int(pen_at[c])
                if j:
                    # a move on an unflippable cell lifts the penalties from
                    # the cells next to it (mapello.ai.frontier.lifted)
                    y = int(pens[j])
                    while y:
                        w = int(pens[j + 1])
                        w = (w ^ 0x8000) - 0x8000
                        u = int(board[y])
                        if u == m:
                            v -= w
                        elif u == o:
                            dd = y - c
                            x = y + dd
                            while int(board[x]) == o:
                                x += dd
                            if int(board[x]) & m:
                                v -= w
                            else:
                                v += w
                        j += 2
                        y = int(pens[j])
                if p == 0:
                    control[_C_SCORES + k - 1] = v + _BIAS
                if v > best:
                    best = v
                    best_cell = c
                    if p == 0:
                        control[_C_BEST_INDEX] = k - 1
                    if v >= beta:
                        i = int(rec[_NEW_KILLER])
                        if i != c:
                            rec[_OLD_KILLER] = i
                            rec[_NEW_KILLER] = c
                        i = int(history[c]) + 1
                        history[c] = i
                        if i > _HISTORY_CAP:
                            i = 0
                            while i < 100:
                                history[i] = int(history[i]) >> 1
                                i += 1
                        break
            rec[_TRIED] = k
            rec[_VALUE] = best + _BIAS
            rec[_BEST_MOVE] = best_cell
            if stop == 1:
                break
            if stop == 2:
                continue  # the move generator, then the rest of the leaves
            val = best
            mode = _RESOLVED
            continue

        if mode == _NEXT:
            k = int(rec[_TRIED])
            n = int(rec[_COUNT])
            if k == n:
                val = int(rec[_VALUE]) - _BIAS
                mode = _RESOLVED
                continue
            m = int(rec[_COLOUR])
            c = int(ptr8(int(rec) + 4 * _MOVES)[k])
            rec[_TRIED] = k + 1
            if p == 0:
                control[_C_ROOT_INDEX] = k
            o = 3 - m
            am = 10 * m
            ao = 30 - am
            n = up
            sw = 0
            h = int(rec[_HASH])
            fc = 0  # the frontier, own minus the opponent's: what changes
            if near[c]:
                fc = 1
            j = 0
            while j < 8:
                dd = int(dirs[j]) - 11
                j += 1
                y = c + dd
                u = int(board[y])
                if u == o:
                    x = y + dd
                    while int(board[x]) == o:
                        x += dd
                    if int(board[x]) & m:
                        x -= dd
                        while x != c:
                            board[x] = m
                            undo[up] = x
                            up += 1
                            w = int(weights[x])
                            sw += (w ^ 0x8000) - 0x8000
                            if near[x]:
                                fc += 2
                            h ^= int(zflip[x])
                            w = (x * 205) >> 11  # x // 10 for x < 100
                            i = 1 << (x - 10 * w)
                            rows[am + w] = int(rows[am + w]) ^ i
                            rows[ao + w] = int(rows[ao + w]) ^ i
                            x -= dd
                        if int(near[y]) == 1:
                            fc -= 1  # its only empty neighbour was c
                    elif int(near[y]) == 1:
                        fc += 1
                elif u == m and int(near[y]) == 1:
                    fc -= 1
            f = up - n
            if not f:
                continue  # the table's move or a killer, not legal here
            if not int(rec[_GENERATED]):
                rec[_LEGAL] = int(rec[_LEGAL]) + 1
            board[c] = m
            w = (c * 205) >> 11
            i = 1 << (c - 10 * w)
            rows[am + w] = int(rows[am + w]) ^ i
            rows[w] = int(rows[w]) ^ i
            j = 0
            while j < 8:
                y = c + int(dirs[j]) - 11
                near[y] = int(near[y]) - 1
                j += 1
            if m == 1:
                h ^= int(zkey[c])
            else:
                h ^= int(zkey[c]) ^ int(zflip[c])
            w = int(weights[c])
            v = ((w ^ 0x8000) - 0x8000) + 2 * sw + front_weight * fc
            g = int(rec[_MARGIN]) - _BIAS + 1 + 2 * f
            if points[c]:
                g += int(points[c])
                i = int(zkey[c])  # the bonus's key: the cell's rotated
                h ^= ((i & 0x7FFFFF) << 7) ^ (i >> 23)
                if m == 2:
                    h ^= side_key
            j = int(pen_at[c])
            if j:
                # a move on an unflippable cell lifts the penalties from the
                # cells next to it (mapello.ai.search.lift)
                y = int(pens[j])
                while y:
                    w = int(pens[j + 1])
                    w = (w ^ 0x8000) - 0x8000
                    i = int(weights[y])
                    weights[y] = i - w
                    u = int(board[y])
                    if u == m:
                        v -= w
                    elif u == o:
                        v += w
                    j += 2
                    y = int(pens[j])
            rec[_PLAYED] = c
            q = p + 1
            if q == room:
                tables[_T_PLIES].extend(tables[_T_ONE_PLY])
                base = int(ptr32(tables[_T_PLIES]))
                rec = ptr32(base + p * _RECORD)
                room += 1
            kid = ptr32(int(rec) + _RECORD)  # the child's record
            kid[_UNDO_START] = n
            kid[_COLOUR] = o
            kid[_DEPTH] = int(rec[_DEPTH]) - 1
            alpha = int(rec[_ALPHA])
            if int(rec[_VALUE]) == _BIAS - _INF:  # the first move: the whole window
                kid[_ALPHA] = 2 * _BIAS - int(rec[_BETA])
                kid[_NULL_WINDOW] = 0
            else:  # the others only have to prove they are not better
                kid[_ALPHA] = 2 * _BIAS - alpha - 1
                kid[_NULL_WINDOW] = 1
            kid[_BETA] = 2 * _BIAS - alpha
            kid[_ESTIMATE] = 2 * _BIAS - (int(rec[_ESTIMATE]) + v)
            kid[_MARGIN] = _BIAS - g
            kid[_EMPTIES] = int(rec[_EMPTIES]) - 1
            kid[_HASH] = h ^ side_key
            p = q
            mode = _ENTER
            continue

        if mode == _RETURN:
            v = 0 - val
            kid = ptr32(int(rec) + _RECORD)
            alpha = int(rec[_ALPHA]) - _BIAS
            beta = int(rec[_BETA]) - _BIAS
            if int(kid[_NULL_WINDOW]) and alpha < v and v < beta:
                # better than the first move after all: search it again, with
                # the whole window (the move is still on the board)
                kid[_NULL_WINDOW] = 0
                kid[_ALPHA] = _BIAS - beta
                kid[_BETA] = _BIAS - alpha
                p += 1
                mode = _ENTER
                continue
            c = int(rec[_PLAYED])
            if c:
                # undo the move
                m = int(rec[_COLOUR])
                o = 3 - m
                am = 10 * m
                ao = 30 - am
                n = int(kid[_UNDO_START])
                while up > n:
                    up -= 1
                    x = int(undo[up])
                    board[x] = o
                    w = (x * 205) >> 11
                    i = 1 << (x - 10 * w)
                    rows[am + w] = int(rows[am + w]) ^ i
                    rows[ao + w] = int(rows[ao + w]) ^ i
                board[c] = 0
                w = (c * 205) >> 11
                i = 1 << (c - 10 * w)
                rows[am + w] = int(rows[am + w]) ^ i
                rows[w] = int(rows[w]) ^ i
                j = 0
                while j < 8:
                    y = c + int(dirs[j]) - 11
                    near[y] = int(near[y]) + 1
                    j += 1
                j = int(pen_at[c])
                if j:
                    y = int(pens[j])
                    while y:
                        w = int(pens[j + 1])
                        w = (w ^ 0x8000) - 0x8000
                        weights[y] = int(weights[y]) + w
                        j += 2
                        y = int(pens[j])
            k = int(rec[_TRIED])
            if p == 0:
                control[_C_SCORES + k - 1] = v + _BIAS
            if v > int(rec[_VALUE]) - _BIAS:
                rec[_VALUE] = v + _BIAS
                rec[_BEST_MOVE] = c
                if p == 0:
                    control[_C_BEST_INDEX] = k - 1
                if v > alpha:
                    rec[_ALPHA] = v + _BIAS
                    if v >= beta:
                        if c and p:
                            i = int(rec[_NEW_KILLER])
                            if i != c:
                                rec[_OLD_KILLER] = i
                                rec[_NEW_KILLER] = c
                            d = int(rec[_DEPTH])
                            if d > 12:
                                d = 12  # an exact solve has depth EXACT
                            i = int(history[c]) + d * d
                            history[c] = i
                            if i > _HISTORY_CAP:
                                i = 0
                                while i < 100:
                                    history[i] = int(history[i]) >> 1
                                    i += 1
                        val = v
                        mode = _RESOLVED
                        continue
            mode = _NEXT
            continue

        if mode == _NO_MOVE:
            m = int(rec[_COLOUR])
            o = 3 - m
            rec[_GENERATED] = 1
            # has the other side a move?  (mapello.ai.frontier.any_move)
            found = 0
            y = 1
            while y < 9 and not found:
                t = int(rows[y]) >> 1
                c = 10 * y + 1
                while t and not found:
                    if t & 1:
                        j = 0
                        while j < 8:
                            dd = int(dirs[j]) - 11
                            j += 1
                            if int(board[c + dd]) == m:
                                x = c + dd + dd
                                while int(board[x]) == m:
                                    x += dd
                                if int(board[x]) & o:
                                    found = 1
                                    break
                    t >>= 1
                    c += 1
                y += 1
            if not found:
                g = int(rec[_MARGIN]) - _BIAS  # the game is over
                val = 0
                if g > 0:
                    val = _WIN + g * _DISC
                elif g < 0:
                    val = g * _DISC - _WIN
                mode = _RESOLVED
                continue
            # a pass: the same depth left, the other side to move
            rec[_PLAYED] = 0
            q = p + 1
            if q == room:
                tables[_T_PLIES].extend(tables[_T_ONE_PLY])
                base = int(ptr32(tables[_T_PLIES]))
                rec = ptr32(base + p * _RECORD)
                room += 1
            kid = ptr32(int(rec) + _RECORD)
            kid[_UNDO_START] = up
            kid[_COLOUR] = o
            kid[_DEPTH] = rec[_DEPTH]
            kid[_ALPHA] = 2 * _BIAS - int(rec[_BETA])
            kid[_BETA] = 2 * _BIAS - int(rec[_ALPHA])
            kid[_NULL_WINDOW] = 0
            kid[_ESTIMATE] = 2 * _BIAS - int(rec[_ESTIMATE])
            kid[_MARGIN] = 2 * _BIAS - int(rec[_MARGIN])
            kid[_EMPTIES] = rec[_EMPTIES]
            kid[_HASH] = int(rec[_HASH]) ^ side_key
            p = q
            mode = _ENTER
            continue

        # _RESOLVED: the node at ply p (or -p-1, from the table) is worth val
        if p < 0:
            p = -p - 1
            rec = ptr32(base + p * _RECORD)
        elif p and use_table:
            e = 3
            if val <= int(rec[_ENTRY_ALPHA]) - _BIAS:
                e = 2
            elif val >= int(rec[_BETA]) - _BIAS:
                e = 1
            d = int(rec[_DEPTH])
            if d > 63:
                d = 63
            h = int(rec[_HASH])
            i = h & _TT_PAIR
            y = ((h >> _TT_BITS) ^ int(rec[_EMPTIES])) & 0x1FFFFF
            if (int(tt[i]) >> 23) > d and (int(tt[i]) & 0x1FFFFF) != y:
                i += 1  # a deeper entry of another position keeps the first place
            tt[i] = y | (e << 21) | (d << 23)
            tt[_TT_SIZE + i] = ((val + _BIAS) << 7) | int(rec[_BEST_MOVE])
        if p == 0:
            rec[_VALUE] = val + _BIAS
            done = 1
            break
        p -= 1
        mode = _RETURN
    control[_C_NODES] = nodes
    control[_C_PLY] = p
    control[_C_MODE] = mode
    control[_C_VAL] = val + _BIAS
    control[_C_UNDO_TOP] = up
    return done


def _make_memory():
    """The buffers run() reads, by the indices _T_...: made once, by the
    first search, and used by every later one (zkey, zflip and the penalties
    are the board's, put in by setup())."""
    return [bytearray(100),  # the mailbox
            array("i", bytes(4 * _STRIDE * _PLIES)),  # the plies
            array("i", bytes(120)),  # the rows: the empty cells', then black's and white's
            array("h", bytes(200)),  # each cell's weight
            bytearray(100),  # the points of the bonuses still on the board
            bytearray(100),  # each cell's empty neighbours
            array("h", bytes(200)),  # the history heuristic's score of each cell
            bytearray(19 * 12 + 1),  # the cells flipped, move after move down the line
            array("i", bytes(8 * _TT_SIZE)),  # the transposition table: keys, then values
            None, None,  # the board's hashing keys
            array("H", bytes(200)),  # where each cell's penalties start in the next one
            array("h", bytes(64)),  # (neighbour, penalty) pairs, each cell's ending in 0
            array("h", bytes(4 * _PARITY)),  # the margin's and the parity's weights
            array("i", bytes(4 * _CONTROL)),
            array("i", bytes(4 * _MAX_MOVES)),  # the move generator's sort keys
            array("i", bytes(40)),  # its runs closed below, by row
            _DIRECTIONS,
            _ONE_PLY]


# The search's shared state: the buffers, and the number of the search that owns them
_BUFFERS = const(0)
_OWNER = const(1)
_MEM = [None, 0]  # type: list


def reserve(info=None, table=True):
    """Make the working memory, if not yet made (mapello.ai.thinker does it
    right after importing, while the heap is in few pieces)."""
    if _MEM[_BUFFERS] is None:
        _MEM[_BUFFERS] = _make_memory()


class Search:
    """mapello.ai.search.Search's interface, over the native kernel: the
    search tree of one root position, from the side to move's view.  Only
    the newest Search runs: making one ends the one before it."""

    def __init__(self, info, pos, table=True):
        self.setup(info, pos, table)

    def setup(self, info, pos, table=True):
        """Become the search of `pos`, as Search(info, pos, table) would."""
        reserve()
        _MEM[_OWNER] += 1
        self.owner = _MEM[_OWNER]
        t = _MEM[_BUFFERS]
        self.root_state = info.search_state(pos, t[_T_BOARD], t[_T_WEIGHTS], t[_T_ROWS],
                                            t[_T_POINTS], t[_T_NEAR])
        t[_T_ZKEY] = info.zkey
        t[_T_ZFLIP] = info.zflip
        _penalties(t, info.pens)
        phase = t[_T_PHASE]
        for e in range(65):
            phase[e] = info.margin_weight[e]
            phase[_PARITY + e] = info.parity[e]
        control = t[_T_CONTROL]
        for i in range(_CONTROL):
            control[i] = 0
        control[_C_FRONT] = info.front + _BIAS
        control[_C_MOBILITY] = info.mob + _BIAS
        control[_C_SIDE] = info.zside
        control[_C_TABLE] = 1 if table else 0
        history = t[_T_HISTORY]
        for i in range(100):
            history[i] = 0
        plies = t[_T_PLIES]
        for i in range(0, len(plies), _STRIDE):  # no killer moves yet
            plies[i + _NEW_KILLER] = 0
            plies[i + _OLD_KILLER] = 0
        tt = t[_T_TABLE]
        for i in range(_TT_SIZE):
            tt[i] = 0
        self.nodes = 0
        self.depth = 0
        self.root = self.root_scores = ()
        self.estimated = False

    @property
    def ri(self):
        """The index of the root move being searched."""
        return _MEM[_BUFFERS][_T_CONTROL][_C_ROOT_INDEX]

    @property
    def best_index(self):
        """The index of the best root move so far in this iteration."""
        return _MEM[_BUFFERS][_T_CONTROL][_C_BEST_INDEX]

    def start(self, root, depth, alpha=-_INF, beta=_INF):
        """Begin an iteration `depth` plies deep over the root moves `root`,
        with the root window (alpha, beta)."""
        t = _MEM[_BUFFERS]
        undo = t[_T_UNDO]
        colour, estimate, margin, empties, hash_key = self.root_state
        need = 19 * min(depth, empties) + 1 - len(undo)
        if need > 0:
            undo.extend(bytes(need))
        plies = t[_T_PLIES]
        plies[_COLOUR] = colour
        plies[_ESTIMATE] = estimate + _BIAS
        plies[_MARGIN] = margin + _BIAS
        plies[_EMPTIES] = empties
        plies[_HASH] = hash_key
        plies[_DEPTH] = self.depth = depth
        plies[_ALPHA] = alpha + _BIAS
        plies[_BETA] = beta + _BIAS
        plies[_COUNT] = len(root)
        moves = t[_T_PLIES]
        first = 4 * _MOVES
        for i in range(len(root)):
            _set_byte(moves, first + i, root[i])
        self.root = root
        self.root_scores = [-_INF] * len(root)
        self.estimated = False
        control = t[_T_CONTROL]
        control[_C_PLY] = 0
        control[_C_MODE] = _ENTER
        control[_C_VAL] = _BIAS
        control[_C_UNDO_TOP] = 0
        control[_C_NODES] = self.nodes
        control[_C_ROOT_INDEX] = 0
        control[_C_BEST_INDEX] = 0
        control[_C_ESTIMATED] = 0
        for i in range(len(root)):
            control[_C_SCORES + i] = _BIAS - _INF

    def value(self):
        """The root's value once run() returned True."""
        return _MEM[_BUFFERS][_T_PLIES][_VALUE] - _BIAS

    def run(self, limit):
        """Advance until the iteration ends (True) or `limit` nodes (False);
        None if a newer search has taken the memory over."""
        if _MEM[_OWNER] != self.owner:
            return None
        t = _MEM[_BUFFERS]
        done = _run(t[_T_BOARD], t[_T_PLIES], t, limit)
        control = t[_T_CONTROL]
        self.nodes = control[_C_NODES]
        self.estimated = bool(control[_C_ESTIMATED])
        if done:
            scores = self.root_scores
            for i in range(len(scores)):
                scores[i] = control[_C_SCORES + i] - _BIAS
        return bool(done)


@micropython.viper
def _set_byte(buffer, i: int, value: int):
    ptr8(buffer)[i] = value


def _penalties(t, pens):
    """The board's penalties (mapello.ai.evaluation.BoardInfo.pens: by
    cell, (neighbour, penalty, ...)) as the tables run() reads."""
    at = t[_T_PEN_AT]
    for i in range(100):
        at[i] = 0
    need = 1
    for cell in pens:
        need += len(pens[cell]) + 2
    table = t[_T_PENALTIES]
    if len(table) < need:
        table = t[_T_PENALTIES] = array("h", bytes(2 * need))
    j = 1
    for cell in pens:
        at[cell] = j
        for x in pens[cell]:
            table[j] = x
            j += 1
        table[j] = 0
        table[j + 1] = 0
        j += 2
