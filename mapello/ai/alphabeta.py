"""The search loop of mapello.search.Search: negamax alpha-beta on an
explicit stack of plies, each a slot in a set of parallel lists of small
integers.  A module of its own so that each module compiles on the device.

The table's move and two killer moves are tried before the move generator
runs; when one of them cuts off, it never runs.  A node one ply above the
horizon scores its leaves in mapello.frontier.leaves.
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from array import array

from mapello.ai.evaluation import margin_value
from mapello.ai.frontier import any_move, leaves, moves

_INF = const(1000000)
_ENTER = const(0)  # the node at ply p is set up: expand it
_LEAVES = const(1)  # score the leaves of the node at ply p
_NEXT = const(2)  # play the next move of the node at ply p
_RETURN = const(3)  # the child of the node at ply p returned `val`
_NO_MOVE = const(4)  # the side to move at ply p has no move
_RESOLVED = const(5)  # the node at ply p is worth `val`
_HISTORY_CAP = const(1 << 14)

ROW_OF = bytes(i // 10 for i in range(100))
BIT_OF = array("h", [1 << (i % 10) for i in range(100)])


def run(se, limit):
    """Advance the Search `se` until its iteration ends (True) or `limit`
    nodes (False)."""
    (b, R, W, DIRS, PENS, BP, INFO, ZK, ZF, ZS, HI, U, scratch, down, TK, TV, tmask, tbits, EN,
     dep, al, be, bv, a0, sv, mg, ne, hs, col, ml, mi, mv, us, bm, k1, k2, lg, gd,
     nw) = se.tables
    FW = INFO.front  # the frontier weight of the phase
    RO = ROW_OF
    BO = BIT_OF
    nodes = se.nodes
    p = se._p
    mode = se._mode
    val = se._val
    up = se._up
    while True:
        if mode == _ENTER:
            if nodes >= limit:
                break
            nodes += 1
            d = dep[p]
            mi[p] = 0
            bv[p] = -_INF
            a0[p] = al[p]
            bm[p] = 0
            if p == 0:
                ml[0] = se.root
                lg[0] = len(se.root)
                gd[0] = 1
                mode = _LEAVES if d == 1 else _NEXT
                continue
            h = hs[p]
            c = 0  # the table's move
            if TK is not None:
                i = h & tmask
                e = TK[i]
                if e & 0x1FFFFF == ((h >> tbits) ^ ne[p]) & 0x1FFFFF:
                    v = TV[i]
                    c = v & 127
                    if e >> 23 >= (d if d < 63 else 63):
                        v >>= 7
                        e = (e >> 21) & 3
                        if e == 3 or (e == 1 and v >= be[p]) or (e == 2 and v <= al[p]):
                            val = v
                            mode = _RESOLVED
                            p = -p - 1  # resolved without a new table entry
                            continue
            # first the table's move and the killers, if their cells are empty
            lst = ml[p]
            lst[:] = b""
            if c and not b[c]:
                lst.append(c)
            i = k1[p]
            if i and i != c and not b[i]:
                lst.append(i)
            e = k2[p]
            if e and e != c and e != i and not b[e]:
                lst.append(e)
            lg[p] = 0
            gd[p] = 0
            mode = _LEAVES if d == 1 else _NEXT
            continue

        if mode == _LEAVES:
            nodes = leaves(se, p, limit, nodes)
            if nodes < 0:
                nodes = -1 - nodes
                break
            if mi[p] < 0:
                mode = _NO_MOVE
                continue
            val = bv[p]
            mode = _RESOLVED
            continue

        if mode == _NEXT:
            lst = ml[p]
            k = mi[p]
            m = col[p]
            if k == len(lst):
                if gd[p]:
                    val = bv[p]
                    mode = _RESOLVED
                    continue
                # the table's move and the killers did not cut off: all moves now
                del scratch[:]
                moves(R, m, scratch, W, HI, lst[0] if k else 0, lst[1] if k > 1 else 0,
                      lst[2] if k > 2 else 0, down)
                if len(scratch) > 1:
                    scratch.sort(reverse=True)
                for c in scratch:
                    lst.append(c & 127)
                gd[p] = 1
                lg[p] += len(scratch)
                if not lg[p]:
                    mode = _NO_MOVE
                    continue
                if k == len(lst):
                    val = bv[p]
                    mode = _RESOLVED
                    continue
            c = lst[k]
            mi[p] = k + 1
            if p == 0:
                se.ri = k
            o = 3 - m
            am = 10 * m
            ao = 30 - am
            n = up
            sw = 0
            h = hs[p]
            fc = 1 if EN[c] else 0  # the frontier, own minus the opponent's: what changes
            for dd in DIRS:
                y = c + dd
                u = b[y]
                if u == o:
                    x = y + dd
                    while b[x] == o:
                        x += dd
                    if b[x] & m:
                        x -= dd
                        while x != c:
                            b[x] = m
                            U[up] = x
                            up += 1
                            sw += W[x]
                            if EN[x]:
                                fc += 2
                            h ^= ZF[x]
                            r = RO[x]
                            i = BO[x]
                            R[am + r] ^= i
                            R[ao + r] ^= i
                            x -= dd
                        if EN[y] == 1:
                            fc -= 1  # its only empty neighbour was c
                    elif EN[y] == 1:
                        fc += 1
                elif u == m and EN[y] == 1:
                    fc -= 1
            f = up - n
            if not f:
                continue  # the table's move or a killer, not legal here
            if not gd[p]:
                lg[p] += 1
            b[c] = m
            r = RO[c]
            i = BO[c]
            R[am + r] ^= i
            R[r] ^= i
            for dd in DIRS:
                EN[c + dd] -= 1
            h ^= ZK[c] if m == 1 else ZK[c] ^ ZF[c]
            v = W[c] + 2 * sw + FW * fc
            g = mg[p] + 1 + 2 * f
            if BP[c]:
                g += BP[c]
                i = ZK[c]   # the bonus's key: the cell's rotated (no heap integer on 32 bits)
                h ^= ((i & 0x7FFFFF) << 7) ^ (i >> 23) ^ (ZS if m == 2 else 0)
            if c in PENS:
                v += se._lift(PENS[c], m)
            mv[p] = c
            q = p + 1
            if q == len(dep):
                se._grow(q + 1)
            us[q] = n
            col[q] = o
            dep[q] = dep[p] - 1
            if bv[p] == -_INF:  # the first move: the whole window
                al[q] = -be[p]
                nw[q] = 0
            else:  # the others only have to prove they are not better
                al[q] = -al[p] - 1
                nw[q] = 1
            be[q] = -al[p]
            sv[q] = -(sv[p] + v)
            mg[q] = -g
            ne[q] = ne[p] - 1
            hs[q] = h ^ ZS
            p = q
            mode = _ENTER
            continue

        if mode == _RETURN:
            v = -val
            if nw[p + 1] and al[p] < v < be[p]:
                # better than the first move after all: search it again, with
                # the whole window (the move is still on the board)
                q = p + 1
                nw[q] = 0
                al[q] = -be[p]
                be[q] = -al[p]
                p = q
                mode = _ENTER
                continue
            c = mv[p]
            if c:
                # undo the move
                m = col[p]
                o = 3 - m
                am = 10 * m
                ao = 30 - am
                n = us[p + 1]
                while up > n:
                    up -= 1
                    x = U[up]
                    b[x] = o
                    r = RO[x]
                    y = BO[x]
                    R[am + r] ^= y
                    R[ao + r] ^= y
                b[c] = 0
                r = RO[c]
                y = BO[c]
                R[am + r] ^= y
                R[r] ^= y
                for dd in DIRS:
                    EN[c + dd] += 1
                if c in PENS:
                    se._unlift(PENS[c])
            if p == 0:
                se.root_scores[mi[0] - 1] = v
            if v > bv[p]:
                bv[p] = v
                bm[p] = c
                if p == 0:
                    se.best_index = mi[0] - 1
                if v > al[p]:
                    al[p] = v
                    if v >= be[p]:
                        if c and p:
                            if k1[p] != c:
                                k2[p] = k1[p]
                                k1[p] = c
                            d = dep[p]
                            if d > 12:
                                d = 12  # an exact solve has depth EXACT
                            HI[c] += d * d
                            if HI[c] > _HISTORY_CAP:
                                for i in range(100):
                                    HI[i] >>= 1
                        val = v
                        mode = _RESOLVED
                        continue
            mode = _NEXT
            continue

        if mode == _NO_MOVE:
            m = col[p]
            mi[p] = len(ml[p])
            gd[p] = 1
            if not any_move(b, R, 3 - m):
                val = margin_value(mg[p])  # the game is over
                mode = _RESOLVED
                continue
            # a pass: the same depth left, the other side to move
            mv[p] = 0
            q = p + 1
            if q == len(dep):
                se._grow(q + 1)
            us[q] = up
            col[q] = 3 - m
            dep[q] = dep[p]
            al[q] = -be[p]
            be[q] = -al[p]
            nw[q] = 0
            sv[q] = -sv[p]
            mg[q] = -mg[p]
            ne[q] = ne[p]
            hs[q] = hs[p] ^ ZS
            p = q
            mode = _ENTER
            continue

        # _RESOLVED: the node at ply p (or -p-1, from the table) is worth val
        if p < 0:
            p = -p - 1
        elif p and TK is not None:
            e = 3
            if val <= a0[p]:
                e = 2
            elif val >= be[p]:
                e = 1
            d = dep[p]
            h = hs[p]
            i = h & tmask
            TK[i] = (((h >> tbits) ^ ne[p]) & 0x1FFFFF) | (e << 21) | ((d if d < 63 else 63) << 23)
            TV[i] = (val << 7) | bm[p]
        if p == 0:
            bv[0] = val
            se.nodes = nodes
            se._p = 0
            se._mode = _RESOLVED
            return True
        p -= 1
        mode = _RETURN
    # out of nodes: save where we are
    se.nodes = nodes
    se._p = p
    se._mode = mode
    se._val = val
    se._up = up
    return False
