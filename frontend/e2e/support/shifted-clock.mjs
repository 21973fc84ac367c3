// Preloaded (`node --import`) into a product started for a test that needs a known time of day: the process's clock
// starts at E2E_CLOCK_AT and runs on at the real pace from there. Every `Date.now()` and `new Date()` of the server
// (the ordering slots, the due sweep, the tokens) then reads that clock, as an injected clock does in the server tests.
const at = Date.parse(process.env.E2E_CLOCK_AT ?? '');
if (Number.isFinite(at)) {
  const RealDate = globalThis.Date;
  const offset = at - RealDate.now();
  const now = () => RealDate.now() + offset;
  function ShiftedDate(...args) {
    // Called without `new`, Date answers the current time as text.
    if (!new.target) return new RealDate(now()).toString();
    // Built for `new.target`, so a subclass (`class TZDate extends Date`) keeps its own prototype.
    return Reflect.construct(RealDate, args.length === 0 ? [now()] : args, new.target);
  }
  ShiftedDate.prototype = RealDate.prototype;
  ShiftedDate.now = now;
  ShiftedDate.parse = RealDate.parse;
  ShiftedDate.UTC = RealDate.UTC;
  globalThis.Date = ShiftedDate;
}
