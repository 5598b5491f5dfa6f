"""The move generator and the leaves of the search, on the board's 10-bit
rows (docs/DESIGN.md, "The computer player").  One module for both: each
module costs its own object, globals and names in RAM.
"""

from micropython import const

from mapello.ai.evaluation import COL_OF, DIRECTIONS

_HISTORY_CAP = const(1 << 14)  # as mapello.ai.alphabeta's: past it, every score is halved


def moves(R, m, out, W, HI, x1, x2, x3, down):
    """Append the legal moves of colour m (1 or 2) to `out`, as sort keys:
    (W[cell] + HI[cell]) * 128 + cell, for every cell but x1, x2 and x3;
    with `out` None, return how many legal moves there are instead.

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
    count = 0
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
        if out is None:
            while t:
                t &= t - 1
                count += 1
        while t:
            u = t & -t
            t ^= u
            c = 10 * r + COL_OF[u % 11]
            if c != x1 and c != x2 and c != x3:
                out.append(((W[c] + HI[c]) << 7) | c)
        po = ow
        r += 1
    return count


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


# Score the leaves of the node at ply p of the Search `se`, from where it
# stopped.  Returns the node count, or -1 - count if `limit` stopped it.
# Afterwards the ply's slot of the stack `values` is the node's value,
# `best_moves` its best move, and `tried` is -1 if the side to move has no
# move at all.  The other arguments are the parts of the search's state it
# works on, as mapello.ai.alphabeta.loop has them.  (A comment, not a
# docstring, as the loop's.)
def leaves(se, p, limit, nodes, board, weights, rows, directions, penalties, points, history,
           scratch, down, info, near, betas, values, estimates, margins, empties, colours,
           move_lists, tried, best_moves, new_killers, old_killers, legal_counts, generated):
    se.estimated = True
    lst = move_lists[p]
    k = tried[p]
    m = colours[p]
    o = 3 - m
    s = estimates[p]
    g = margins[p]
    e = empties[p] - 1
    mw = info.margin_weight[e]
    # the parity of the leaf, seen from this node
    s -= info.parity[e] if e & 1 else -info.parity[e]
    fw = info.front
    beta = betas[p]
    best = values[p]
    best_cell = best_moves[p]
    if not generated[p]:
        # how many moves the side to move has (its mobility, a term of the
        # estimate), before the table's move and the killers are tried
        legal_counts[p] = moves(rows, m, None, weights, history, 0, 0, 0, down)
        generated[p] = 2  # counted; the rest of the moves listed when needed
        if not legal_counts[p]:
            tried[p] = -1
            return nodes
    s += info.mob * legal_counts[p]
    while True:
        if k == len(lst):
            if generated[p] == 1:
                break
            del scratch[:]
            moves(rows, m, scratch, weights, history, lst[0] if lst else 0,
                  lst[1] if len(lst) > 1 else 0, lst[2] if len(lst) > 2 else 0, down)
            if len(scratch) > 1:
                scratch.sort(reverse=True)
            for c in scratch:
                lst.append(c & 127)
            generated[p] = 1
            continue
        if nodes >= limit:
            tried[p] = k
            values[p] = best
            best_moves[p] = best_cell
            return -1 - nodes
        c = lst[k]
        k += 1
        f = 0  # discs flipped
        sw = 0  # their weights
        fc = 1 if near[c] else 0  # the frontier, own minus the opponent's: what changes
        for dd in directions:
            y = c + dd
            u = board[y]
            if u == o:
                x = y + dd
                while board[x] == o:
                    x += dd
                if board[x] & m:
                    x -= dd
                    while x != c:
                        sw += weights[x]
                        f += 1
                        if near[x]:
                            fc += 2
                        x -= dd
                    if near[y] == 1:
                        fc -= 1  # its only empty neighbour was c
                elif near[y] == 1:
                    fc += 1
            elif u == m and near[y] == 1:
                fc -= 1
        if not f:
            continue  # a table or killer move that is not legal here
        nodes += 1
        v = s + weights[c] + 2 * sw + fw * fc + mw * (g + 1 + 2 * f + points[c])
        if c in penalties:
            v += lifted(board, penalties[c], c, m)
        if p == 0:
            se.root_scores[k - 1] = v
        if v > best:
            best = v
            best_cell = c
            if p == 0:
                se.best_index = k - 1
            if v >= beta:
                if new_killers[p] != c:
                    old_killers[p] = new_killers[p]
                    new_killers[p] = c
                history[c] += 1
                if history[c] > _HISTORY_CAP:
                    for i in range(100):
                        history[i] >>= 1
                break
    values[p] = best
    best_moves[p] = best_cell
    tried[p] = k
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
