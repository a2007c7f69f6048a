"""Laws (P5): proposal, secret bloc vote, and the five laws' effects (section 4.7)."""

from __future__ import annotations

from domain.games.vertigo import messages as m
from domain.games.vertigo.checks import province
from domain.games.vertigo.data import (
    AID_PER_FACTORY,
    BONUS_PER_DIPLOMAT,
    FINE_PER_FACTORY,
    LAW_BONUS,
    LAWS,
    POLLUTING,
    PROVINCE_IDS,
    VOTE_CHOICES,
)
from domain.games.vertigo.state import POP_POLLUTING, State, Task
from domain.kernel import illegal

Events = list[m.Event]


def proposable(s: State, seat: int) -> list[int]:
    c = s.countries[seat]
    if c.diplomats == 0:
        return []
    return [law for law in LAWS if law not in c.laws_used and law not in s.proposed]


def decide_law_slot(s: State, seat: int, cmd: m.Command) -> Events:
    match cmd:
        case m.PassLaw():
            return [m.LawPassed(seat)]
        case m.ProposeLaw(law=law):
            if s.countries[seat].diplomats == 0:
                illegal("only a player with a diplomat at the UN may propose a law")
            if law not in LAWS:
                illegal("laws are numbered 1 to 5")
            if law in s.countries[seat].laws_used:
                illegal(f"you already proposed law {law} in this game")
            if law in s.proposed:
                illegal(f"law {law} was already proposed this turn")
            voters = tuple(p for p in s.active() if s.countries[p].diplomats > 0)
            return [m.LawProposed(seat, law, voters)]
    illegal("your law slot: propose_law(1..5) or pass_law")


def awaited_voters(s: State) -> tuple[int, ...]:
    done = {seat for seat, _ in s.votes}
    return tuple(p for p in s.voters if p not in done)


def decide_vote(s: State, seat: int, cmd: m.Command) -> Events:
    if not isinstance(cmd, m.Vote):
        illegal("a law is being voted: vote(yes|no|abstain)")
    if cmd.choice not in VOTE_CHOICES:
        illegal("vote yes, no or abstain")
    events: Events = [m.VoteCast(seat, cmd.choice)]
    if len(awaited_voters(s)) == 1:
        votes = tuple(
            (p, choice, s.countries[p].diplomats) for p, choice in (*s.votes, (seat, cmd.choice))
        )
        votes = tuple(sorted(votes))
        yes = sum(w for _, choice, w in votes if choice == "yes")
        no = sum(w for _, choice, w in votes if choice == "no")
        events.append(m.VotesRevealed(s.vote_law, s.vote_proposer, votes, yes, no, yes > no))
    return events


def enact(s: State, law: int, proposer: int) -> m.LawEnacted:
    """The proposer's bonus, then the law's money moves, in turn order until the treasury is dry."""
    bonus = min(LAW_BONUS, s.treasury)
    treasury = s.treasury - bonus
    safes = [c.safe for c in s.countries]
    safes[proposer] += bonus
    before = list(safes)
    order = s.in_order()
    if law == 1:
        counts = {p: s.countries[p].factories() for p in order}
        most, least = max(counts.values()), min(counts.values())
        if most != least:
            poor = [p for p in order if counts[p] == least]
            for payer in (p for p in order if counts[p] == most):
                paid = min(AID_PER_FACTORY * (most - least), safes[payer])
                share = paid // len(poor)
                safes[payer] -= share * len(poor)
                for p in poor:
                    safes[p] += share
    elif law == 3:
        for p in order:
            got = min(BONUS_PER_DIPLOMAT * s.countries[p].diplomats, treasury)
            safes[p] += got
            treasury -= got
    elif law == 4:
        total = sum(safes[p] for p in order)
        share = total // len(order)
        for p in order:
            safes[p] = share
        treasury += total - share * len(order)
    elif law == 5:
        poolsize = treasury // 2
        clean = [p for p in order if s.countries[p].non_polluting()]
        if clean:
            share = poolsize // len(clean)
            for p in clean:
                safes[p] += share
                treasury -= share
    deltas = tuple(a - b for a, b in zip(safes, before, strict=True))
    return m.LawEnacted(law, proposer, bonus, deltas, treasury - (s.treasury - bonus))


def fine_event(s: State, seat: int) -> m.PollutionFined:
    """Law 2 for one player: whole 10$ fines, unpaid factories destroyed, then the level's toll."""
    c = s.countries[seat]
    n = c.factories(POLLUTING)
    fines = min(n, c.safe // FINE_PER_FACTORY)
    unpaid = n - fines
    if s.level >= 5:
        lost = n
    else:
        toll = 2 if s.level >= 4 else 1 if s.level >= 3 else 0
        lost = min(n, unpaid + toll)
    return m.PollutionFined(seat, fines, FINE_PER_FACTORY * fines, lost)


def destroy_all(s: State, task: Task) -> Events | None:
    """When every polluting factory must go, the engine destroys them itself."""
    c = s.countries[task.seat]
    owned = [i for i, cell in enumerate(c.cells) if cell == POP_POLLUTING]
    if task.count < len(owned):
        return None
    return [m.PollutingDestroyed(task.seat, PROVINCE_IDS[i]) for i in owned]


def decide_destroy(s: State, seat: int, cmd: m.Command) -> Events:
    if not isinstance(cmd, m.DestroyPolluting):
        illegal("law 2: destroy_polluting(province) for each factory you lose")
    i = province(cmd.province)
    if s.countries[seat].cells[i] != POP_POLLUTING:
        illegal(f"{cmd.province} holds none of your polluting factories")
    return [m.PollutingDestroyed(seat, cmd.province)]
