/**
 * Toasts for what the first page shows, without react-toastify in its first load: the library is
 * fetched on first use (the app provider fetches it too, for its container). A toast asked for
 * before the container has mounted waits in react-toastify's own queue and shows once it is there.
 */
const loadToastify = () => import('react-toastify');

export const lazyToast = {
  error(message: string) {
    void loadToastify().then(({ toast }) => toast.error(message));
  },
  dismiss() {
    void loadToastify().then(({ toast }) => toast.dismiss());
  },
};
