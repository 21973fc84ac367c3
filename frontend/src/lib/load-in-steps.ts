/**
 * Imports a page's app after its first paint in two steps, each in a task of its own: React first (react-dom is the
 * largest module to evaluate), then the app. Evaluating a module graph is one task, and on a slow phone React and the
 * app together make one long task that holds the page's input; in two they make two shorter ones.
 */
export async function loadInSteps(app: () => Promise<unknown>): Promise<void> {
  await import('react-dom/client');
  await new Promise((resolve) => setTimeout(resolve, 0));
  await app();
}
