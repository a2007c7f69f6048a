"""Operations: the settings read from the environment (`config`), structured logs (`logs`),
counters and timings (`metrics`) and the version a process runs (`version`).

The bottom layer: it imports no other server package, and every other one may import it.
"""
