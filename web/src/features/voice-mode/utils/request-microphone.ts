/** Asks for the microphone once (the permission prompt) and lets it go again at once. */
export async function requestMicrophone(): Promise<boolean> {
  const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  // No media devices API (old engine): the recognition's own not-allowed error will tell.
  if (!media?.getUserMedia) return true;
  try {
    const stream = await media.getUserMedia({ audio: true });
    for (const track of stream.getTracks()) track.stop();
    return true;
  } catch {
    return false;
  }
}
