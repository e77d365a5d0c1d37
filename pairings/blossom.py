"""Maximum-weight matching in pure Python with unbounded integers (Edmonds' primal-dual
blossom algorithm, O(n^3)).

Used by the Dutch engine when its weights (``pairings/dutch_weights.py``) do not fit the 128-bit
integers of rustworkx: bbpPairings' weights grow with the number of scoregroups, and the exact
field layout matters when a field overflows, so only exact integers reproduce it. Vertex duals are
doubled so that every quantity stays an integer.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

Edge = tuple[int, int, int]


class _Blossom:
    """State of one run of the primal-dual algorithm. Vertex duals are doubled so that every
    quantity stays an integer: slack(k) = dual[i] + dual[j] - 2 w(k)."""

    def __init__(self, n: int, edges: Sequence[Edge]) -> None:
        self.n = n
        self.edges = list(edges)
        self.endpoint = [v for i, j, _ in self.edges for v in (i, j)]
        self.neighbend: list[list[int]] = [[] for _ in range(n)]
        for k, (i, j, _) in enumerate(self.edges):
            self.neighbend[i].append(2 * k + 1)
            self.neighbend[j].append(2 * k)
        top = max(w for _, _, w in self.edges)
        self.mate = [-1] * n
        self.label = [0] * (2 * n)
        self.labelend = [-1] * (2 * n)
        self.inblossom = list(range(n))
        self.parent = [-1] * (2 * n)
        self.childs: list[list[int]] = [[] for _ in range(2 * n)]
        self.base = list(range(n)) + [-1] * n
        self.endps: list[list[int]] = [[] for _ in range(2 * n)]
        self.bestedge = [-1] * (2 * n)
        self.bestedges: list[list[int] | None] = [None] * (2 * n)
        self.unused = list(range(n, 2 * n))
        self.dual = [top] * n + [0] * n
        self.allowed = [False] * len(self.edges)
        self.queue: list[int] = []

    def slack(self, k: int) -> int:
        i, j, w = self.edges[k]
        return self.dual[i] + self.dual[j] - 2 * w

    def leaves(self, b: int) -> Iterable[int]:
        if b < self.n:
            yield b
            return
        for t in self.childs[b]:
            yield from self.leaves(t)

    def assign_label(self, w: int, t: int, p: int) -> None:
        b = self.inblossom[w]
        self.label[w] = self.label[b] = t
        self.labelend[w] = self.labelend[b] = p
        self.bestedge[w] = self.bestedge[b] = -1
        if t == 1:
            self.queue.extend(self.leaves(b))
        else:
            base = self.base[b]
            self.assign_label(self.endpoint[self.mate[base]], 1, self.mate[base] ^ 1)

    def scan_blossom(self, v: int, w: int) -> int:
        """Trace back from v and w to find the base of a new blossom, or -1 (augmenting path)."""
        path = []
        base = -1
        while v != -1 or w != -1:
            b = self.inblossom[v]
            if self.label[b] & 4:
                base = self.base[b]
                break
            path.append(b)
            self.label[b] = 5
            if self.labelend[b] == -1:
                v = -1
            else:
                v = self.endpoint[self.labelend[b]]
                b = self.inblossom[v]
                v = self.endpoint[self.labelend[b]]
            if w != -1:
                v, w = w, v
        for b in path:
            self.label[b] = 1
        return base

    def add_blossom(self, base: int, k: int) -> None:
        v, w, _ = self.edges[k]
        bb = self.inblossom[base]
        bv = self.inblossom[v]
        bw = self.inblossom[w]
        b = self.unused.pop()
        self.base[b] = base
        self.parent[b] = -1
        self.parent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        while bv != bb:
            self.parent[bv] = b
            path.append(bv)
            endps.append(self.labelend[bv])
            v = self.endpoint[self.labelend[bv]]
            bv = self.inblossom[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            self.parent[bw] = b
            path.append(bw)
            endps.append(self.labelend[bw] ^ 1)
            w = self.endpoint[self.labelend[bw]]
            bw = self.inblossom[w]
        self.childs[b] = path
        self.endps[b] = endps
        self.label[b] = 1
        self.labelend[b] = self.labelend[bb]
        self.dual[b] = 0
        for leaf in self.leaves(b):
            if self.label[self.inblossom[leaf]] == 2:
                self.queue.append(leaf)
            self.inblossom[leaf] = b
        self._merge_best_edges(b, path)

    def _merge_best_edges(self, b: int, path: list[int]) -> None:
        best_to = [-1] * (2 * self.n)
        for bv in path:
            if self.bestedges[bv] is None:
                lists = [[p // 2 for p in self.neighbend[leaf]] for leaf in self.leaves(bv)]
            else:
                lists = [self.bestedges[bv]]  # type: ignore[list-item]
            for edge_list in lists:
                for k in edge_list:
                    i, j, _ = self.edges[k]
                    if self.inblossom[j] == b:
                        i, j = j, i
                    bj = self.inblossom[j]
                    if (bj != b and self.label[bj] == 1
                            and (best_to[bj] == -1 or self.slack(k) < self.slack(best_to[bj]))):
                        best_to[bj] = k
            self.bestedges[bv] = None
            self.bestedge[bv] = -1
        self.bestedges[b] = [k for k in best_to if k != -1]
        self.bestedge[b] = -1
        for k in self.bestedges[b]:  # type: ignore[union-attr]
            if self.bestedge[b] == -1 or self.slack(k) < self.slack(self.bestedge[b]):
                self.bestedge[b] = k

    def expand_blossom(self, b: int, endstage: bool) -> None:
        for s in self.childs[b]:
            self.parent[s] = -1
            if s < self.n:
                self.inblossom[s] = s
            elif endstage and self.dual[s] == 0:
                self.expand_blossom(s, endstage)
            else:
                for leaf in self.leaves(s):
                    self.inblossom[leaf] = s
        if not endstage and self.label[b] == 2:
            self._relabel_expanded_t_blossom(b)
        self.label[b] = self.labelend[b] = -1
        self.childs[b] = []
        self.endps[b] = []
        self.base[b] = -1
        self.bestedges[b] = None
        self.bestedge[b] = -1
        self.unused.append(b)

    def _relabel_expanded_t_blossom(self, b: int) -> None:
        childs, endps = self.childs[b], self.endps[b]
        entrychild = self.inblossom[self.endpoint[self.labelend[b] ^ 1]]
        j = childs.index(entrychild)
        if j & 1:
            j -= len(childs)
            jstep, endptrick = 1, 0
        else:
            jstep, endptrick = -1, 1
        p = self.labelend[b]
        while j != 0:
            self.label[self.endpoint[p ^ 1]] = 0
            self.label[self.endpoint[endps[j - endptrick] ^ endptrick ^ 1]] = 0
            self.assign_label(self.endpoint[p ^ 1], 2, p)
            self.allowed[endps[j - endptrick] // 2] = True
            j += jstep
            p = endps[j - endptrick] ^ endptrick
            self.allowed[p // 2] = True
            j += jstep
        bv = childs[j]
        self.label[self.endpoint[p ^ 1]] = self.label[bv] = 2
        self.labelend[self.endpoint[p ^ 1]] = self.labelend[bv] = p
        self.bestedge[bv] = -1
        j += jstep
        while childs[j] != entrychild:
            bv = childs[j]
            if self.label[bv] == 1:
                j += jstep
                continue
            for v in self.leaves(bv):
                if self.label[v] != 0:
                    break
            else:
                j += jstep
                continue
            if self.label[v] == 2:
                self.label[v] = 0
                self.label[self.endpoint[self.mate[self.base[bv]]]] = 0
                self.assign_label(v, 2, self.labelend[v])
            j += jstep

    def augment_blossom(self, b: int, v: int) -> None:
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= self.n:
            self.augment_blossom(t, v)
        childs, endps = self.childs[b], self.endps[b]
        i = j = childs.index(t)
        if i & 1:
            j -= len(childs)
            jstep, endptrick = 1, 0
        else:
            jstep, endptrick = -1, 1
        while j != 0:
            j += jstep
            t = childs[j]
            p = endps[j - endptrick] ^ endptrick
            if t >= self.n:
                self.augment_blossom(t, self.endpoint[p])
            j += jstep
            t = childs[j]
            if t >= self.n:
                self.augment_blossom(t, self.endpoint[p ^ 1])
            self.mate[self.endpoint[p]] = p ^ 1
            self.mate[self.endpoint[p ^ 1]] = p
        self.childs[b] = childs[i:] + childs[:i]
        self.endps[b] = endps[i:] + endps[:i]
        self.base[b] = self.base[self.childs[b][0]]

    def augment_matching(self, k: int) -> None:
        v, w, _ = self.edges[k]
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = self.inblossom[s]
                if bs >= self.n:
                    self.augment_blossom(bs, s)
                self.mate[s] = p
                if self.labelend[bs] == -1:
                    break
                t = self.endpoint[self.labelend[bs]]
                bt = self.inblossom[t]
                s = self.endpoint[self.labelend[bt]]
                j = self.endpoint[self.labelend[bt] ^ 1]
                if bt >= self.n:
                    self.augment_blossom(bt, j)
                self.mate[j] = self.labelend[bt]
                p = self.labelend[bt] ^ 1

    def run(self) -> list[int]:
        n = self.n
        for _ in range(n):
            self.label = [0] * (2 * n)
            self.bestedge = [-1] * (2 * n)
            for b in range(n, 2 * n):
                self.bestedges[b] = None
            self.allowed = [False] * len(self.edges)
            self.queue = []
            for v in range(n):
                if self.mate[v] == -1 and self.label[self.inblossom[v]] == 0:
                    self.assign_label(v, 1, -1)
            if not self._stage():
                break
            for b in range(n, 2 * n):
                if (self.parent[b] == -1 and self.base[b] >= 0 and self.label[b] == 1
                        and self.dual[b] == 0):
                    self.expand_blossom(b, True)
        return [-1 if p == -1 else self.endpoint[p] for p in self.mate]

    def _stage(self) -> bool:
        """One stage: grow trees until an augmentation (True) or optimality (False)."""
        while True:
            if self._scan_queue():
                return True
            if not self._dual_update():
                return False

    def _scan_queue(self) -> bool:
        while self.queue:
            v = self.queue.pop()
            for p in self.neighbend[v]:
                k = p // 2
                w = self.endpoint[p]
                if self.inblossom[v] == self.inblossom[w]:
                    continue
                if not self.allowed[k]:
                    kslack = self.slack(k)
                    if kslack <= 0:
                        self.allowed[k] = True
                if self.allowed[k]:
                    if self._use_tight_edge(v, w, p, k):
                        return True
                elif self.label[self.inblossom[w]] == 1:
                    b = self.inblossom[v]
                    if self.bestedge[b] == -1 or kslack < self.slack(self.bestedge[b]):
                        self.bestedge[b] = k
                elif self.label[w] == 0:
                    if self.bestedge[w] == -1 or kslack < self.slack(self.bestedge[w]):
                        self.bestedge[w] = k
        return False

    def _use_tight_edge(self, v: int, w: int, p: int, k: int) -> bool:
        bw = self.inblossom[w]
        if self.label[bw] == 0:
            self.assign_label(w, 2, p ^ 1)
        elif self.label[bw] == 1:
            base = self.scan_blossom(v, w)
            if base >= 0:
                self.add_blossom(base, k)
            else:
                self.augment_matching(k)
                return True
        elif self.label[w] == 0:
            self.label[w] = 2
            self.labelend[w] = p ^ 1
        return False

    def _dual_update(self) -> bool:
        n = self.n
        deltatype = 1
        delta = min(self.dual[:n])
        deltaedge = deltablossom = -1
        for v in range(n):
            if self.label[self.inblossom[v]] == 0 and self.bestedge[v] != -1:
                d = self.slack(self.bestedge[v])
                if d < delta:
                    delta, deltatype, deltaedge = d, 2, self.bestedge[v]
        for b in range(2 * n):
            if self.parent[b] == -1 and self.label[b] == 1 and self.bestedge[b] != -1:
                d = self.slack(self.bestedge[b]) // 2
                if d < delta:
                    delta, deltatype, deltaedge = d, 3, self.bestedge[b]
        for b in range(n, 2 * n):
            if (self.base[b] >= 0 and self.parent[b] == -1 and self.label[b] == 2
                    and self.dual[b] < delta):
                delta, deltatype, deltablossom = self.dual[b], 4, b
        for v in range(n):
            lab = self.label[self.inblossom[v]]
            if lab == 1:
                self.dual[v] -= delta
            elif lab == 2:
                self.dual[v] += delta
        for b in range(n, 2 * n):
            if self.base[b] >= 0 and self.parent[b] == -1:
                if self.label[b] == 1:
                    self.dual[b] += delta
                elif self.label[b] == 2:
                    self.dual[b] -= delta
        if deltatype == 1:
            return False
        if deltatype == 2:
            self.allowed[deltaedge] = True
            i, j, _ = self.edges[deltaedge]
            if self.label[self.inblossom[i]] == 0:
                i, j = j, i
            self.queue.append(i)
        elif deltatype == 3:
            self.allowed[deltaedge] = True
            self.queue.append(self.edges[deltaedge][0])
        else:
            self.expand_blossom(deltablossom, False)
        return True


def blossom_matching(n: int, edges: Sequence[Edge]) -> list[int]:
    """Maximum-weight matching by the pure-Python primal-dual algorithm (any integer size)."""
    positive = [e for e in edges if e[2] > 0 and e[0] != e[1]]
    if not positive:
        return [-1] * n
    return _Blossom(n, positive).run()
