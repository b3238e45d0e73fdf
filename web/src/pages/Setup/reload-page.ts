/** Its own module so tests can replace the reload that follows a finished setup. */
export const reloadPage = () => window.location.reload();
