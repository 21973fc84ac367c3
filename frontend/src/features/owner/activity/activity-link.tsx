import { Link } from '@tanstack/react-router';
import { heOwnerActivity } from '@/i18n/he-owner-activity';
import { isOwnerSession } from './owner-only';

/** The console navigation's item for the activity page: the owner's only (issue 31). */
export function OwnerActivityLink({ className }: { className: string }) {
  if (!isOwnerSession()) return null;
  return (
    <li>
      <Link to="/activity" className={className}>
        {heOwnerActivity.activity.nav}
      </Link>
    </li>
  );
}
