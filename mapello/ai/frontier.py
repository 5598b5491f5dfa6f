"""The move generator and the leaves of the search, on the board's 10-bit
rows (docs/DESIGN.md, "The computer player").  One module for both: each
module costs its own object, globals and names in RAM.
"""

from mapello.ai.evaluation import COL_OF, DIRECTIONS


def moves(R, m, out, W, HI, x1, x2, x3, down):
    """Append the legal moves of colour m (1 or 2) to `out`, as sort keys:
    (W[cell] + HI[cell]) * 128 + cell, for every cell but x1, x2 and x3.

    R: R[r] the empty cells of row r, R[10 + r] black's row r, R[20 + r]
    white's (jokers in both); `down` is a scratch list of 10."""
    am = 10 * m
    ao = 30 - am
    # runs closed below: for row r, the cells whose line downwards (straight,
    # down-left, down-right) is the opponent's discs then one of ours
    sa = 0
    sl = 0
    sr = 0
    po = R[am + 9]
    r = 8
    while r:
        x = R[ao + r]
        down[r] = sa | (sl << 1) | (sr >> 1)
        sa = x & (po | sa)
        sl = x & ((po | sl) << 1)
        sr = x & ((po | sr) >> 1)
        po = R[am + r]
        r -= 1
    # then upwards, and along each row
    sa = 0
    sl = 0
    sr = 0
    po = R[am]
    r = 1
    while r < 9:
        x = R[ao + r]
        ow = R[am + r]
        t = down[r] | sa | (sl << 1) | (sr >> 1)
        sa = x & (po | sa)
        sl = x & ((po | sl) << 1)
        sr = x & ((po | sr) >> 1)
        u = x & (ow << 1)
        if u:
            y = x & (u << 1)
            while y:
                u |= y
                y = x & (y << 1)
            t |= u << 1
        u = x & (ow >> 1)
        if u:
            y = x & (u >> 1)
            while y:
                u |= y
                y = x & (y >> 1)
            t |= u >> 1
        t &= R[r]
        while t:
            u = t & -t
            t ^= u
            c = 10 * r + COL_OF[u % 11]
            if c != x1 and c != x2 and c != x3:
                out.append(((W[c] + HI[c]) << 7) | c)
        po = ow
        r += 1


def any_move(b, R, m):
    """True if colour m has a legal move (a walk from every empty cell: only
    needed when the side to move has none, to tell a pass from the end)."""
    o = 3 - m
    dirs = DIRECTIONS
    for r in range(1, 9):
        t = R[r]
        while t:
            u = t & -t
            t ^= u
            c = 10 * r + COL_OF[u % 11]
            for d in dirs:
                if b[c + d] == o:
                    x = c + d + d
                    while b[x] == o:
                        x += d
                    if b[x] & m:
                        return True
    return False


def leaves(se, p, limit, nodes):
    """Score the leaves of the node at ply p of the Search `se`, from where it
    stopped.  Returns the node count, or -1 - count if `limit` stopped it.
    Afterwards se.bv[p] is the node's value, se.bm[p] its best move, and
    se.mi[p] is -1 if the side to move has no move at all."""
    (b, W, R, DIRS, PENS, BP, HI, scratch, down, info, EN, _, _, be, bv, _, sv, mg, ne, _,
     col, ml, mi, _, _, bm, k1, k2, lg, gd, _) = se.leaf_tables
    se.estimated = True
    lst = ml[p]
    k = mi[p]
    m = col[p]
    o = 3 - m
    s = sv[p]
    g = mg[p]
    e = ne[p] - 1
    mw = info.margin_weight[e]
    # the parity of the leaf, seen from this node
    s -= info.parity[e] if e & 1 else -info.parity[e]
    fw = info.front
    beta = be[p]
    best = bv[p]
    bc = bm[p]
    known = lg[p]  # legal moves known so far
    gen = gd[p]  # the move generator has run
    while True:
        if k == len(lst):
            if gen:
                break
            del scratch[:]
            moves(R, m, scratch, W, HI, lst[0] if lst else 0, lst[1] if len(lst) > 1 else 0,
                  lst[2] if len(lst) > 2 else 0, down)
            if len(scratch) > 1:
                scratch.sort(reverse=True)
            for c in scratch:
                lst.append(c & 127)
            known += len(scratch)
            gen = 1
            if not known:
                mi[p] = -1
                return nodes
            continue
        if nodes >= limit:
            mi[p] = k
            bv[p] = best
            bm[p] = bc
            lg[p] = known
            gd[p] = gen
            return -1 - nodes
        c = lst[k]
        k += 1
        f = 0  # discs flipped
        sw = 0  # their weights
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
                        sw += W[x]
                        f += 1
                        if EN[x]:
                            fc += 2
                        x -= dd
                    if EN[y] == 1:
                        fc -= 1  # its only empty neighbour was c
                elif EN[y] == 1:
                    fc += 1
            elif u == m and EN[y] == 1:
                fc -= 1
        if not f:
            continue  # a table or killer move that is not legal here
        nodes += 1
        if not gen:
            known += 1
        v = s + W[c] + 2 * sw + fw * fc + mw * (g + 1 + 2 * f + BP[c])
        if c in PENS:
            v += lifted(b, PENS[c], c, m)
        if p == 0:
            se.root_scores[k - 1] = v
        if v > best:
            best = v
            bc = c
            if p == 0:
                se.best_index = k - 1
            if v >= beta:
                if k1[p] != c:
                    k2[p] = k1[p]
                    k1[p] = c
                HI[c] += 1
                break
    bv[p] = best
    bm[p] = bc
    lg[p] = known
    gd[p] = gen
    mi[p] = k
    return nodes


def lifted(b, t, c, m):
    """What a move on the unflippable cell c (by colour m) adds by lifting
    the penalty t = (neighbour, penalty, ...) from the discs next to it."""
    o = 3 - m
    v = 0
    j = 0
    while j < len(t):
        y = t[j]
        u = b[y]
        if u == m:
            v -= t[j + 1]
        elif u == o:
            # is it flipped by this move? then it is ours after the move
            dd = y - c
            x = y + dd
            while b[x] == o:
                x += dd
            if b[x] & m:
                v -= t[j + 1]
            else:
                v += t[j + 1]
        j += 2
    return v
