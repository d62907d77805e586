// The public side of courses (spec §2 /course, /course/category, /course/{slug}, /certificate/{code}):
// listing and categories, the course page, reviews, and certificate verification and PDF.
export * from "./certificates";
export * from "./course-page";
export * from "./enrol-self";
export * from "./listing";
export * from "./pdf";
export * from "./reviews";
