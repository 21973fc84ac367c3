// The slip as HTML for printing through the browser: the same content as the agent's ESC/POS slip (decision 008),
// sized to 58 or 80 mm paper, black on white, large enough to read in a kitchen. What a person typed is isolated
// without direction controls (TypedText, issue 29), as the agent's slip does.
import type { LiveOrder } from '@tafrit/contracts/sockets';
import { formatIsraelDateTime } from '@tafrit/contracts/months';
import { withoutChoiceName } from '@tafrit/contracts/order-line-text';
import type { PaperWidth } from '@tafrit/contracts/printing';
import { TypedText } from '@/components/typed-text';
import { setupText } from '../../setup/strings';
import { hePrinting } from './strings';

const t = hePrinting.slip;

export const PAPER_MM: Record<PaperWidth, number> = { '80mm': 80, '58mm': 58 };

export function SlipView({ order, paper, title }: { order: LiveOrder; paper: PaperWidth; title?: string }) {
  const big = paper === '80mm' ? '16pt' : '13pt';
  return (
    <article
      dir="rtl"
      lang="he"
      data-testid="browser-slip"
      style={{
        width: `${PAPER_MM[paper] - 6}mm`,
        padding: '3mm',
        color: '#000',
        background: '#fff',
        fontFamily: 'Arial, "DejaVu Sans", sans-serif',
        fontSize: paper === '80mm' ? '12pt' : '10pt',
        lineHeight: 1.3,
      }}
    >
      {title ? <p style={{ textAlign: 'center', fontWeight: 700, margin: 0 }}>{title}</p> : null}
      {order.test ? (
        // The owner's test order (decision 034): never charged, and the kitchen must know it is not real.
        <p style={{ textAlign: 'center', fontWeight: 700, margin: '0 0 1mm', border: '2px solid #000' }}>
          {setupText.testBadge} · {setupText.notCharged}
        </p>
      ) : null}
      <h1 style={{ fontSize: big, margin: '0 0 1mm', textAlign: 'center' }}>
        {t.order} <bdi>{order.orderNumber}</bdi>
      </h1>
      <p style={{ margin: 0, textAlign: 'center', fontWeight: 700 }}>
        {order.tableNumber === null ? (
          t.takeaway
        ) : (
          <>
            {t.table} <bdi>{order.tableNumber}</bdi>
          </>
        )}
      </p>
      <p style={{ margin: '0 0 2mm', textAlign: 'center' }}>
        <bdi dir="ltr">{formatIsraelDateTime(order.paidAt)}</bdi>
      </p>
      <ul style={{ listStyle: 'none', padding: 0, margin: 0, borderTop: '1px dashed #000' }}>
        {order.lines.map((line, index) => (
          <li key={index} style={{ padding: '1mm 0', borderBottom: '1px dashed #000' }}>
            <span style={{ fontWeight: 700 }}>
              <bdi>{line.quantity}</bdi> × <TypedText text={line.name} />
            </span>
            {line.options?.map((option, optionIndex) => (
              <span key={optionIndex} style={{ display: 'block', paddingInlineStart: '3mm' }}>
                {option.without ? (
                  <strong>
                    {t.without} <TypedText text={withoutChoiceName(option.name)} />
                  </strong>
                ) : (
                  <TypedText text={option.name} />
                )}
              </span>
            ))}
          </li>
        ))}
      </ul>
      {order.remarks ? (
        <p style={{ margin: '2mm 0 0', fontWeight: 700 }}>
          {t.remarks}: <TypedText text={order.remarks} />
        </p>
      ) : null}
      <p style={{ margin: '2mm 0 0' }}>
        {t.total}: <bdi dir="ltr">₪{(order.totalAgorot / 100).toFixed(2)}</bdi>
      </p>
    </article>
  );
}
