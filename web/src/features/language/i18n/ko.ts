const ko = {
  // Written in the target language on purpose: someone who cannot read the page can still find it.
  switchTo: 'Switch to English',
};

export default ko;
