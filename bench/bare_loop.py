# Copied unchanged from the project's shared/bench/bare_loop.py (the bare 40-line playout that the
# engine's speed is measured against, issue 14), so that bench/ reads nothing outside the repository.
# Do not edit: it is the yardstick. Run: python bench/bare_loop.py N (N deals).
# Bare-bones random playout of a 4-player Gaigel deal: free play while the talon lasts,
# strict follow/beat/trump/overtrump afterwards. No melds, no openings, no validation layers.
import random, time
PTS=[11,10,4,3,2,0]  # rank index 0=A ... 5=7 ; lower index = higher
def deal_once(rng):
    deck=[s*6+r for s in range(4) for r in range(6)]*2
    rng.shuffle(deck)
    hands=[deck[i*5:(i+1)*5] for i in range(4)]
    talon=deck[20:]; trump=talon[-1]//6
    leader=0; pts=[0,0]
    while any(hands):
        strict=not talon
        trick=[]; best=None; bestp=leader
        for k in range(4):
            p=(leader+k)%4; h=hands[p]
            if strict and trick:
                ls=trick[0]//6
                suit=[c for c in h if c//6==ls]
                if suit:
                    if best//6==ls:
                        hi=[c for c in suit if c%6<best%6]
                        opts=hi or suit
                    else: opts=suit
                else:
                    tr=[c for c in h if c//6==trump]
                    if tr:
                        if best//6==trump:
                            hi=[c for c in tr if c%6<best%6]; opts=hi or tr
                        else: opts=tr
                    else: opts=h
            else: opts=h
            c=rng.choice(opts); h.remove(c); trick.append(c)
            if best is None: best=c; bestp=p
            else:
                bs,cs=best//6,c//6
                if (cs==bs and c%6<best%6) or (cs==trump and bs!=trump): best=c; bestp=p
        pts[bestp%2]+=sum(PTS[c%6] for c in trick)
        leader=bestp
        if talon:
            for k in range(4): hands[(leader+k)%4].append(talon.pop(0))
    return pts
if __name__ == "__main__":
    import sys
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    rng = random.Random(1); t = time.perf_counter()
    for _ in range(n): deal_once(rng)
    print(f"bare loop: {n/(time.perf_counter()-t):.0f} full deals/s")
