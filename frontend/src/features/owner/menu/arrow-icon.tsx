export function ArrowIcon({ up = false }: { up?: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
      <path d={up ? 'M10 16V4m0 0L5 9m5-5l5 5' : 'M10 4v12m0 0l-5-5m5 5l5-5'} />
    </svg>
  );
}
