import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { heLanding } from '@/i18n/he-landing';
import { FaqAccordion } from './faq-accordion';

function setup() {
  const user = userEvent.setup();
  render(<FaqAccordion items={heLanding.faq} />);
  const questions = screen.getAllByRole('button');
  return { user, questions };
}

describe('the FAQ accordion', () => {
  it('has the six questions of the spec, each a button in a heading, all closed', () => {
    const { questions } = setup();
    expect(questions).toHaveLength(6);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(6);
    expect(questions.map((q) => q.textContent)).toEqual(heLanding.faq.map((item) => item.question));
    for (const question of questions) {
      expect(question.getAttribute('aria-expanded')).toBe('false');
      const panel = document.getElementById(question.getAttribute('aria-controls') ?? '');
      expect(panel?.hidden).toBe(true);
      expect(panel?.getAttribute('aria-labelledby')).toBe(question.id);
    }
  });

  it('opens and closes an answer with Enter and Space, and keeps others as they are', async () => {
    const { user, questions } = setup();
    const [first, second] = questions as [HTMLElement, HTMLElement];
    first.focus();
    await user.keyboard('{Enter}');
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('region', { name: heLanding.faq[0]!.question }).textContent).toContain('5%');

    second.focus();
    await user.keyboard(' ');
    expect(second.getAttribute('aria-expanded')).toBe('true');
    expect(first.getAttribute('aria-expanded')).toBe('true');

    await user.keyboard(' ');
    expect(second.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(second.getAttribute('aria-controls')!)?.hidden).toBe(true);
  });

  it('moves between questions with the arrows, Home and End, wrapping around', async () => {
    const { user, questions } = setup();
    questions[0]!.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(questions[1]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(questions[5]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(questions[0]);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(questions[5]);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(questions[0]);
    // Moving never opens anything.
    expect(questions.every((q) => q.getAttribute('aria-expanded') === 'false')).toBe(true);
  });

  it('toggles with a click too', async () => {
    const { user, questions } = setup();
    await user.click(questions[3]!);
    expect(questions[3]!.getAttribute('aria-expanded')).toBe('true');
    const answer = screen.getByRole('region', { name: heLanding.faq[3]!.question });
    expect(answer.textContent).toBe(heLanding.faq[3]!.answer);
    await user.click(questions[3]!);
    expect(answer.hidden).toBe(true);
  });
});
