// The Hebrew month names, shared by the owner's report and the admin's commissions and payouts (imported only by
// those areas' chunks, through lib/month-label.ts).
export const monthNamesHe = [
  'ינואר',
  'פברואר',
  'מרץ',
  'אפריל',
  'מאי',
  'יוני',
  'יולי',
  'אוגוסט',
  'ספטמבר',
  'אוקטובר',
  'נובמבר',
  'דצמבר',
] as const;
