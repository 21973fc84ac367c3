// The system administrator's screens.
export { AdminDashboardPage } from './admin-dashboard-page';
export { AdminLoginPage } from './admin-login-page';
