"""The words every layer says things with: markup escaping, names, a card's words, the
rule facts the engine does not export yet, the rules sections' anchors and the lessons'
topics (the address reads them before anything is built).

Why the lowest folder of ``ui/``: the model words its messages, the saves quote a bad
value, the tutorial fills its steps, and the renderers draw them, all with the same
words; none of these modules imports another folder of ``ui/``.
"""
