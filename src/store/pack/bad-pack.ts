/** A store file that is not what its format says (cut short, or its table or index not fitting it): the store contradicts itself. */
export class BadPack extends Error {}
