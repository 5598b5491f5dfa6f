"""The search loop of mapello.ai.search.Search: negamax alpha-beta on an
explicit stack of plies, each a slot in a set of parallel lists of small
integers, as a generator that keeps its place between the app's slices.  A
module of its own so that each module compiles on the device.

The table's move and two killer moves are tried before the move generator
runs; when one of them cuts off, it never runs.  A node one ply above the
horizon scores its leaves in mapello.ai.frontier.leaves (which counts its
moves first: their number is a term of the estimate).
"""

from micropython import const

from array import array

from mapello.ai.evaluation import DIRECTIONS, margin_value
from mapello.ai.frontier import any_move, leaves, moves

_INF = const(1000000)
_ENTER = const(0)  # the node at ply p is set up: expand it
_LEAVES = const(1)  # score the leaves of the node at ply p
_NEXT = const(2)  # play the next move of the node at ply p
_RETURN = const(3)  # the child of the node at ply p returned `val`
_NO_MOVE = const(4)  # the side to move at ply p has no move
_RESOLVED = const(5)  # the node at ply p is worth `val`
_HISTORY_CAP = const(1 << 14)
# The transposition table: TT_SIZE entries (mapello.ai.search makes them), in
# pairs: a position's pair by the low bits of its hashing key.  It goes into
# the first unless a deeper entry of another position is there, then into
# the second: the entries near the root, which save the most, stay.
_TT_BITS = const(6)
TT_SIZE = const(1 << _TT_BITS)
_TT_PAIR = const(TT_SIZE - 2)  # a position's pair: this entry and the next

def store(tt_keys, tt_values, h, empty, e, d, val, best):
    """Put a node's value `val` (bound e: 3 exact, 1 lower, 2 upper), depth
    d and best move into the table (a function of its own: the loop's
    code, compiled in one piece on a board, stays smaller)."""
    i = h & _TT_PAIR
    y = ((h >> _TT_BITS) ^ empty) & 0x1FFFFF
    if tt_keys[i] >> 23 > d and tt_keys[i] & 0x1FFFFF != y:
        i += 1  # a deeper entry of another position keeps the first place
    tt_keys[i] = y | (e << 21) | ((d if d < 63 else 63) << 23)
    tt_values[i] = (val << 7) | best


ROW_OF = bytes(i // 10 for i in range(100))
BIT_OF = array("h", [1 << (i % 10) for i in range(100)])


# The search loop, a generator over the search's state: each argument but
# `info` is the part of mapello.ai.search's working memory of that name;
# `info` is the board's facts (a mapello.ai.evaluation.BoardInfo); tt_keys is
# None to search without the transposition table.
#
# Each send(limit) advances the search until its iteration ends (it gives
# True) or `limit` nodes (False): the Search starting[0], if one is there
# (Search.start() puts it there), from its root, else the one it advanced
# last from where it stopped.  Between two sends it keeps its place in its
# locals: a slice of the search unpacks no state as it starts and saves none
# as it stops.  (Comments, not a docstring: compiling a module from source,
# the device holds each docstring in the heap until the module is compiled.)
def loop(board, rows, weights, points, info, history, undo, scratch, down, tt_keys, tt_values,
         near, depths, alphas, betas, values, entry_alphas, estimates, margins, empties, hashes,
         colours, move_lists, tried, played, undo_starts, best_moves, new_killers, old_killers,
         legal_counts, generated, null_windows, starting, grow, lift, unlift):
    penalties = info.pens
    zkey = info.zkey
    zflip = info.zflip
    zside = info.zside
    directions = DIRECTIONS
    row_of = ROW_OF
    bit_of = BIT_OF
    se = None
    p = mode = val = up = nodes = limit = 0
    done = None
    while True:
        limit = yield done
        if starting[0] is not None:  # enter the root of the search Search.start() began
            se = starting[0]
            starting[0] = None
            p = 0
            mode = _ENTER
            up = 0
        front_weight = info.front  # the frontier weight of the phase
        nodes = se.nodes
        done = False
        while True:
            if mode == _ENTER:
                if nodes >= limit:
                    break
                nodes += 1
                d = depths[p]
                tried[p] = 0
                values[p] = -_INF
                entry_alphas[p] = alphas[p]
                best_moves[p] = 0
                if p == 0:
                    move_lists[0] = se.root
                    legal_counts[0] = len(se.root)
                    generated[0] = 1
                    mode = _LEAVES if d == 1 else _NEXT
                    continue
                h = hashes[p]
                c = 0  # the table's move
                if tt_keys is not None:
                    i = h & _TT_PAIR
                    y = ((h >> _TT_BITS) ^ empties[p]) & 0x1FFFFF
                    if tt_keys[i] & 0x1FFFFF != y:
                        i += 1
                    e = tt_keys[i]
                    if e & 0x1FFFFF == y:
                        v = tt_values[i]
                        c = v & 127
                        if e >> 23 >= (d if d < 63 else 63):
                            v >>= 7
                            e = (e >> 21) & 3
                            if e == 3 or (e == 1 and v >= betas[p]) or (e == 2 and v <= alphas[p]):
                                val = v
                                mode = _RESOLVED
                                p = -p - 1  # resolved without a new table entry
                                continue
                # first the table's move and the killers, if their cells are empty
                lst = move_lists[p]
                lst[:] = b""
                if c and not board[c]:
                    lst.append(c)
                i = new_killers[p]
                if i and i != c and not board[i]:
                    lst.append(i)
                e = old_killers[p]
                if e and e != c and e != i and not board[e]:
                    lst.append(e)
                legal_counts[p] = 0
                generated[p] = 0
                mode = _LEAVES if d == 1 else _NEXT
                continue

            if mode == _LEAVES:
                nodes = leaves(se, p, limit, nodes, board, weights, rows, directions, penalties,
                               points, history, scratch, down, info, near, betas, values,
                               estimates, margins, empties, colours, move_lists, tried, best_moves,
                               new_killers, old_killers, legal_counts, generated)
                if nodes < 0:
                    nodes = -1 - nodes
                    break
                if tried[p] < 0:
                    mode = _NO_MOVE
                    continue
                val = values[p]
                mode = _RESOLVED
                continue

            if mode == _NEXT:
                lst = move_lists[p]
                k = tried[p]
                m = colours[p]
                if k == len(lst):
                    if generated[p]:
                        val = values[p]
                        mode = _RESOLVED
                        continue
                    # the table's move and the killers did not cut off: all moves now
                    del scratch[:]
                    moves(rows, m, scratch, weights, history, lst[0] if k else 0,
                          lst[1] if k > 1 else 0, lst[2] if k > 2 else 0, down)
                    if len(scratch) > 1:
                        scratch.sort(reverse=True)
                    for c in scratch:
                        lst.append(c & 127)
                    generated[p] = 1
                    legal_counts[p] += len(scratch)
                    if not legal_counts[p]:
                        mode = _NO_MOVE
                        continue
                    if k == len(lst):
                        val = values[p]
                        mode = _RESOLVED
                        continue
                c = lst[k]
                tried[p] = k + 1
                if p == 0:
                    se.ri = k
                o = 3 - m
                am = 10 * m
                ao = 30 - am
                n = up
                sw = 0
                h = hashes[p]
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
                                board[x] = m
                                undo[up] = x
                                up += 1
                                sw += weights[x]
                                if near[x]:
                                    fc += 2
                                h ^= zflip[x]
                                r = row_of[x]
                                i = bit_of[x]
                                rows[am + r] ^= i
                                rows[ao + r] ^= i
                                x -= dd
                            if near[y] == 1:
                                fc -= 1  # its only empty neighbour was c
                        elif near[y] == 1:
                            fc += 1
                    elif u == m and near[y] == 1:
                        fc -= 1
                f = up - n
                if not f:
                    continue  # the table's move or a killer, not legal here
                if not generated[p]:
                    legal_counts[p] += 1
                board[c] = m
                r = row_of[c]
                i = bit_of[c]
                rows[am + r] ^= i
                rows[r] ^= i
                for dd in directions:
                    near[c + dd] -= 1
                h ^= zkey[c] if m == 1 else zkey[c] ^ zflip[c]
                v = weights[c] + 2 * sw + front_weight * fc
                g = margins[p] + 1 + 2 * f
                if points[c]:
                    g += points[c]
                    i = zkey[c]   # the bonus's key: the cell's rotated (no heap integer on 32 bits)
                    h ^= ((i & 0x7FFFFF) << 7) ^ (i >> 23) ^ (zside if m == 2 else 0)
                if c in penalties:
                    v += lift(board, weights, penalties[c], m)
                played[p] = c
                q = p + 1
                if q == len(depths):
                    grow(q + 1)
                undo_starts[q] = n
                colours[q] = o
                depths[q] = depths[p] - 1
                if values[p] == -_INF:  # the first move: the whole window
                    alphas[q] = -betas[p]
                    null_windows[q] = 0
                else:  # the others only have to prove they are not better
                    alphas[q] = -alphas[p] - 1
                    null_windows[q] = 1
                betas[q] = -alphas[p]
                estimates[q] = -(estimates[p] + v)
                margins[q] = -g
                empties[q] = empties[p] - 1
                hashes[q] = h ^ zside
                p = q
                mode = _ENTER
                continue

            if mode == _RETURN:
                v = -val
                if null_windows[p + 1] and alphas[p] < v < betas[p]:
                    # better than the first move after all: search it again, with
                    # the whole window (the move is still on the board)
                    q = p + 1
                    null_windows[q] = 0
                    alphas[q] = -betas[p]
                    betas[q] = -alphas[p]
                    p = q
                    mode = _ENTER
                    continue
                c = played[p]
                if c:
                    # undo the move
                    m = colours[p]
                    o = 3 - m
                    am = 10 * m
                    ao = 30 - am
                    n = undo_starts[p + 1]
                    while up > n:
                        up -= 1
                        x = undo[up]
                        board[x] = o
                        r = row_of[x]
                        y = bit_of[x]
                        rows[am + r] ^= y
                        rows[ao + r] ^= y
                    board[c] = 0
                    r = row_of[c]
                    y = bit_of[c]
                    rows[am + r] ^= y
                    rows[r] ^= y
                    for dd in directions:
                        near[c + dd] += 1
                    if c in penalties:
                        unlift(weights, penalties[c])
                if p == 0:
                    se.root_scores[tried[0] - 1] = v
                if v > values[p]:
                    values[p] = v
                    best_moves[p] = c
                    if p == 0:
                        se.best_index = tried[0] - 1
                    if v > alphas[p]:
                        alphas[p] = v
                        if v >= betas[p]:
                            if c and p:
                                if new_killers[p] != c:
                                    old_killers[p] = new_killers[p]
                                    new_killers[p] = c
                                d = depths[p]
                                if d > 12:
                                    d = 12  # an exact solve has depth EXACT
                                history[c] += d * d
                                if history[c] > _HISTORY_CAP:
                                    for i in range(100):
                                        history[i] >>= 1
                            val = v
                            mode = _RESOLVED
                            continue
                mode = _NEXT
                continue

            if mode == _NO_MOVE:
                m = colours[p]
                tried[p] = len(move_lists[p])
                generated[p] = 1
                if not any_move(board, rows, 3 - m):
                    val = margin_value(margins[p])  # the game is over
                    mode = _RESOLVED
                    continue
                # a pass: the same depth left, the other side to move
                played[p] = 0
                q = p + 1
                if q == len(depths):
                    grow(q + 1)
                undo_starts[q] = up
                colours[q] = 3 - m
                depths[q] = depths[p]
                alphas[q] = -betas[p]
                betas[q] = -alphas[p]
                null_windows[q] = 0
                estimates[q] = -estimates[p]
                margins[q] = -margins[p]
                empties[q] = empties[p]
                hashes[q] = hashes[p] ^ zside
                p = q
                mode = _ENTER
                continue

            # _RESOLVED: the node at ply p (or -p-1, from the table) is worth val
            if p < 0:
                p = -p - 1
            elif p and tt_keys is not None:
                e = 3
                if val <= entry_alphas[p]:
                    e = 2
                elif val >= betas[p]:
                    e = 1
                store(tt_keys, tt_values, hashes[p], empties[p], e, depths[p], val, best_moves[p])
            if p == 0:
                values[0] = val
                mode = _RESOLVED
                done = True
                break
            p -= 1
            mode = _RETURN
        se.nodes = nodes

