/**
 * Unicode isolates, for text set inside other text where no markup can go (an <option>, a
 * translated sentence): its own direction (FSI), or always left to right (LRI), then PDI. Beside
 * Arabic, "****7519" would otherwise be laid out as "7519****", and a name pull what follows it in front.
 */
export const isolated = (text: string) => `\u2068${text}\u2069`;
export const leftToRight = (text: string) => `\u2066${text}\u2069`;
