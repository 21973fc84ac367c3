/**
 * The promise's value, or undefined when it failed or has not settled within `ms`: for a read a page can be drawn
 * without (the browser then asks for it itself). The timer never keeps the process alive and is cleared at once.
 */
export async function valueWithin<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), ms);
        timer.unref();
      }),
    ]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
