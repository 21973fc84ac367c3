// Where the month's orders came from (issue 33): a table's QR code, the window poster, the shared address and its
// `?src=` tags, each with its orders and sum; and the words for one order's source.
import { orderSourceLabelsHe, UNKNOWN_SOURCE_HE, type OrderSource } from '@tafrit/contracts/menu-address';
import type { ReportSource } from '@tafrit/contracts/ordering-types';
import { useId } from 'react';
import { cardClass, hintClass } from '@/components/ui/form-styles';
import { heOwner } from '@/i18n/he-owner';
import { shekelsText } from './reports-format';

const t = heOwner.reports;

const channelText = (channel: OrderSource['channel'] | null) =>
  channel ? orderSourceLabelsHe[channel] : UNKNOWN_SOURCE_HE;

/** One order's source: the channel in Hebrew, a link's tag beside it (left to right). */
export function SourceText({ source }: { source: OrderSource | null }) {
  return (
    <>
      {channelText(source?.channel ?? null)}
      {source?.tag ? (
        <>
          {' '}
          (<bdi dir="ltr">{source.tag}</bdi>)
        </>
      ) : null}
    </>
  );
}

export function ReportSources({ sources }: { sources: ReportSource[] }) {
  const titleId = useId();
  const rows = sources.flatMap((source) => [
    { key: source.channel ?? 'none', name: channelText(source.channel), isTag: false, ...source },
    ...source.tags.map((tag) => ({ key: `${source.channel}-${tag.tag}`, name: tag.tag, isTag: true, ...tag })),
  ]);
  return (
    <section aria-labelledby={titleId} className={`${cardClass} mt-8`} data-testid="report-sources">
      <h2 id={titleId} className="text-xl font-bold text-ink">
        {t.sourcesTitle}
      </h2>
      <p className={hintClass}>{t.sourcesHint}</p>
      <table className="mt-3 w-full text-start">
        <thead>
          <tr className="border-b border-line text-muted">
            <th scope="col" className="py-2 text-start font-medium">
              {t.sourceColumn}
            </th>
            <th scope="col" className="py-2 text-start font-medium">
              {t.sourceOrders}
            </th>
            <th scope="col" className="py-2 text-start font-medium">
              {t.sourceAmount}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-line last:border-0">
              <th
                scope="row"
                className={`py-2 text-start ${row.isTag ? 'ps-6 font-normal text-muted' : 'font-medium'}`}
              >
                {row.isTag ? <bdi dir="ltr">?src={row.name}</bdi> : row.name}
              </th>
              <td className="py-2">
                <bdi dir="ltr">{row.totalOrders}</bdi>
              </td>
              <td className="py-2">
                <bdi dir="ltr">{shekelsText(row.totalAmount)}</bdi>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
