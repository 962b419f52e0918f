"""The formats untrusted text comes in by: saves read back and checked (`save`), the
position notation (`position`) and the guarded JSON decoding both use (`jsontext`).

May import the rules; nothing else of the engine.
"""
