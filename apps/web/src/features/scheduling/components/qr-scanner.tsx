import { checkInCodePattern } from '@clube/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';

type Detect = (video: HTMLVideoElement) => Promise<string | null>;

/** The browser's own QR reader where it has one (Chrome on Android, …), else jsQR, loaded now. */
async function createDetector(): Promise<Detect> {
  const Native = (
    window as unknown as {
      BarcodeDetector?: new (options: { formats: string[] }) => {
        detect: (source: CanvasImageSource) => Promise<Array<{ rawValue: string }>>;
      };
    }
  ).BarcodeDetector;
  if (Native) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(frame.data, frame.width, frame.height)?.data ?? null;
  };
}

/**
 * The tablet's back camera, read a few times a second until a check-in code shows up in a QR code;
 * `onCode` gets it. The camera is released when this closes.
 */
export function QrScanner({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef(onCode);
  latest.current = onCode;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const start = async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
        });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const detect = await createDetector();
        const tick = async () => {
          if (stopped || !video.current) return;
          const text = await detect(video.current).catch(() => null);
          if (text && checkInCodePattern.test(text)) latest.current(text.trim());
          else timer = setTimeout(() => void tick(), 250);
        };
        void tick();
      } catch {
        setFailed(true);
      }
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  if (failed) return <Alert tone="error">{t('scheduling.checkInByCode.cameraFailed')}</Alert>;
  return (
    <video
      ref={video}
      muted
      playsInline
      aria-label={t('scheduling.checkInByCode.cameraLabel')}
      className="aspect-[4/3] w-full rounded-lg bg-slate-900 object-cover"
    />
  );
}
