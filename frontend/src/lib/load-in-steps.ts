/**
 * Imports a page's app after its first paint in steps, each in a task of its own: React first (react-dom is the
 * largest module to evaluate), then any libraries the caller names, then the app. Evaluating a module graph is one
 * task, and on a slow phone React, the libraries and the app together make one long task that holds the page's input;
 * in steps they make shorter ones (Lighthouse's total blocking time counts only what a task lasts beyond 50 ms).
 */
export async function loadInSteps(
  app: () => Promise<unknown>,
  ...libraries: Array<() => Promise<unknown>>
): Promise<void> {
  for (const step of [() => import('react-dom/client'), ...libraries]) {
    await step();
    await nextTask();
  }
  await app();
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
