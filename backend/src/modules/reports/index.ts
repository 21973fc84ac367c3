// The reports module's front door: other modules import only from here.
export { ReportsModule } from './reports.module.js';
// The monthly report as the owner sees it: the accountant's month download reconciles its ledger with it.
export { GetMonthlyReportQuery } from './application/get-monthly-report.query.js';
