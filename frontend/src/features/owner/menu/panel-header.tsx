import { cardTitleClass } from '@/components/ui/form-styles';
import { primaryButtonClass } from '@/components/ui/styles';

/** A menu-management panel's title with its "add" button beside it. */
export function PanelHeader({
  titleId,
  title,
  addLabel,
  onAdd,
}: {
  titleId: string;
  title: string;
  addLabel: string;
  onAdd: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 id={titleId} className={cardTitleClass}>
        {title}
      </h2>
      <button type="button" className={primaryButtonClass} onClick={onAdd}>
        {addLabel}
      </button>
    </div>
  );
}
