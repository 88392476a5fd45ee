// autocannon ships no types; the benchmark uses a handful of its options.
declare module 'autocannon';
