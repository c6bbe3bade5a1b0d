/** features/home: the signed-in landing view (home/index); reached only through its lazy module. */
export {};
