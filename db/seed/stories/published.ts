import type { SeedStory } from '../types';

/** Published stories (seed order). */
export const publishedStories: SeedStory[] = [
  {
    title: 'FnB and the Art of the Arizona Vegetable',
    slug: 'fnb-and-the-art-of-the-arizona-vegetable',
    author: 'Priya Raman',
    heroImage: '/images/stories/fnb-and-the-art-of-the-arizona-vegetable.svg',
    excerpt: 'At a small Old Town dining room, the vegetables are the headliners and the wine list never leaves the state. Here is how to eat there like a regular.',
    content: `There is a moment at <strong>FnB</strong> that regulars wait for. A plate lands on the table, and it is just carrots. Or just braised leeks. Or a tangle of greens that look like they were picked an hour ago, which they may well have been. Then you take a bite, and the whole table goes quiet.

Chef <strong>Charleen Badman</strong> has been cooking this way in Old Town for years, long before "farm to table" became something printed on menus at the airport. In 2019 she won the James Beard Award for Best Chef: Southwest, and the honor felt less like a discovery than a confirmation. Anyone who had eaten here already knew.

<strong>Vegetables first, always</strong>
The menu changes with what Arizona farmers are pulling out of the ground, so there is no single dish to order. What stays constant is the approach. Vegetables are treated with the care most kitchens reserve for a dry-aged steak: charred, pickled, shaved, roasted slowly, dressed with herbs, seeds and a little acid. Meat and fish show up, and they are very good, but they rarely steal the spotlight.

If you are new, do what the regulars do. Order several vegetable plates for the table, then add one main to share. Ask your server what came in this week. They will have an opinion, and you should take it.

<strong>The wine list is a local education</strong>
FnB was among the first restaurants in the Valley to put Arizona wine front and center, and the list still reads like a map of the state's growing regions: Willcox, Sonoita, the Verde Valley. If you think desert wine is a novelty, this is the place to lose that idea. Tell the staff what you normally drink and let them pour something from a few hours up the road.

<strong>Good to know</strong>
Where: Old Town Scottsdale, a short walk from the Main Street galleries
When: Dinner service most evenings; check the <a href="https://www.fnbrestaurant.com">restaurant's website</a> for current hours
Reservations: Strongly recommended, especially on ArtWalk Thursdays
Budget: Plan on a splurge, though sharing plates keeps it reasonable

<strong>Make a night of it</strong>
The dining room is small and the tables are close, which is part of the charm. Arrive a little early and wander the galleries on Marshall Way, or book a late table and walk off dessert along the Arizona Canal at the Waterfront.

Scottsdale has no shortage of restaurants that will impress your out-of-town guests. FnB is the one that will change how they think about eating in the desert. It is a dinner that tastes like this place, and there are not many of those left.`,
    category: 'Food Spotlight',
    tags: ['Old Town', 'Farm to Table', 'Arizona Wine'],
    isFeatured: true,
    isPublished: true,
    publishedDaysAgo: 3,
  },
  {
    title: 'The Perfect Scottsdale Weekend, From Sunrise Summit to Last Call',
    slug: 'perfect-scottsdale-weekend-sunrise-to-last-call',
    author: 'Marcus Bell',
    heroImage: '/images/stories/perfect-scottsdale-weekend-sunrise-to-last-call.svg',
    excerpt: 'Two days, one trail, a farmers market, a Frank Lloyd Wright masterpiece and a cowboy bar. Our editors built the weekend we keep recommending to friends.',
    content: `Every local gets the same text eventually: <em>"We're coming to Scottsdale for the weekend. What should we do?"</em> This is our answer, tested on visiting parents, college roommates and at least one very skeptical brother-in-law. It works best in the cooler months, but with earlier alarms it holds up year-round.

<strong>Saturday morning: earn your breakfast</strong>
Start at the <strong>Gateway Trailhead</strong> in the McDowell Sonoran Preserve as the sky goes pink. The Gateway Loop is about four and a half miles through saguaros, cholla and ocotillo, with enough climb to feel it but nothing technical. Strong hikers can push on toward Tom's Thumb another day; for now, the point is the light.

Where: Gateway Trailhead, north of Bell Road off Thompson Peak Parkway
Bring: More water than you think, a hat and sunscreen, even in winter

Then head south to the <strong>Old Town Scottsdale Farmers Market</strong> at Brown Avenue and First Street. Grab a breakfast burrito, a bag of Arizona citrus and a coffee, and eat standing up like everyone else.

<strong>Saturday afternoon: architecture and art</strong>
Book a guided tour at <a href="https://franklloydwright.org/taliesin-west/">Taliesin West</a>, Frank Lloyd Wright's desert home and studio. The buildings, made from rock and sand gathered on site, make more sense once you have spent a morning in that same desert. Afterward, rest by the pool. You have earned it.

<strong>Saturday night: dinner and boots</strong>
Have dinner on the patio at <strong>Old Town Tortilla Factory</strong>, where the tortillas are pressed fresh and the fire pits take the edge off a cool night. Then walk over to the <strong>Rusty Spur Saloon</strong> for live country music in a former bank building. You do not need to know how to two-step. Someone will teach you.

<strong>Sunday morning: slow down</strong>
Sleep in, then walk or bike a stretch of the <strong>Indian Bend Wash Greenbelt</strong>, the ribbon of parks, lakes and paths that runs through the middle of the city. Rent bikes if you did not bring them. Stop at a lake, watch the ducks and let Saturday's miles settle into your legs.

<strong>Sunday afternoon: one last look</strong>
Visit <strong>Scottsdale's Museum of the West</strong> in Old Town for an hour of Western art and Native pottery, then stroll to the <strong>Soleri Bridge</strong> at the Scottsdale Waterfront. If you time it for late afternoon, the canal glows gold and the bridge's bells catch the breeze.

End with an early dinner somewhere with a patio, a margarita and a view of the sunset. Then drive to the airport with sand in your shoes and a plan to come back. Almost everyone does.`,
    category: 'Weekend Guide',
    tags: ['Itinerary', 'Hiking', 'Old Town', 'Patios'],
    isFeatured: true,
    isPublished: true,
    publishedDaysAgo: 1,
  },
  {
    title: 'Inside Cattle Track, the Arts Compound Hiding in Plain Sight',
    slug: 'inside-cattle-track-arts-compound',
    author: 'Maya Castellanos',
    heroImage: '/images/stories/inside-cattle-track-arts-compound.svg',
    excerpt:
      'A few minutes from the resort corridor, artists have been working in hand-built adobe studios since the 1930s. Here is how to visit without getting in the way.',
    content: `Turn off the bustle of the main roads, follow a narrow lane lined with creosote and old trees, and the city seems to fall away. <strong>Cattle Track Arts Compound</strong> has been quietly doing its thing since the 1930s: a cluster of hand-built adobe studios, shaggy gardens and workshops where painters, printmakers, photographers and metalworkers make things for a living. It is not a museum and it is not a theme park. That is exactly why it is worth your afternoon.

The compound began as a family homestead when this part of the Valley was mostly dirt roads and open desert. Over the decades, the buildings filled with artists who wanted cheap space, good light and neighbors who did not ask too many questions. Many of those studios are still working today, and the family that has looked after the property for generations has kept its rough edges intact. Doors do not quite match. Paths wander. A cat will probably follow you.

<strong>How to visit</strong>
Cattle Track is a working place, so the best way in is through its public programming. Watch the <a href="https://www.cattletrack.org">compound's calendar</a> for open studios, salon evenings, print sales and small performances. Some studios open by appointment; others welcome visitors when an artist is in and the door is propped open. Be polite, ask before photographing work in progress and buy something if you can. Prints and small works are often more affordable than you would expect.

Where: Off McDonald Drive, between Old Town and Paradise Valley
When: Check the calendar; evening salons and open studios are the easiest entry
Cost: Most public events are free or low cost

<strong>What to look for</strong>
The printmaking shops are a highlight, with heavy presses that still see regular use. Notice the old adobe walls, some thick enough to keep a studio cool well into a summer afternoon. Outside, the gardens are half-tamed desert: palo verde, prickly pear and the occasional sculpture that seems to have grown there on its own.

If you catch a salon night, you will find a crowd that mixes retired architects, art students, collectors and neighbors who have been coming for decades. Someone will be playing guitar. Someone else will be arguing about a painting. It feels like the Scottsdale that existed before the resorts, and in a way it is.

<strong>Make an afternoon of it</strong>
Pair a visit with lunch in Old Town, ten minutes south, or swing by <strong>Cosanti</strong> in nearby Paradise Valley to watch another kind of desert studio at work. End at the <strong>Knight Rise</strong> skyspace at SMoCA if you want the day to stay quiet.

Scottsdale sells itself on golf, spas and cocktails, and it is good at all three. Cattle Track is a reminder that the city has always had a stubborn creative streak, too.`,
    category: 'Hidden Gem',
    tags: ['Arts', 'History', 'Old Scottsdale'],
    isFeatured: false,
    isPublished: true,
    publishedDaysAgo: 7,
  },
  {
    title: 'Seven Scottsdale Date Nights That Are Not Just Dinner and a Movie',
    slug: 'seven-scottsdale-date-nights',
    author: 'Jolene Whitfield',
    heroImage: '/images/stories/seven-scottsdale-date-nights.svg',
    excerpt: 'Skyspaces, saloons, courtyard dinners and a bridge that tells time by the sun. Seven ways to make the next date feel like an occasion.',
    content: `Dinner reservations are easy. Memorable evenings take a little more planning. These are the dates we keep coming back to, from free and spontaneous to dress-up and book-ahead. Mix and match as needed.

<strong>1. Gallery hop on a Thursday</strong>
<strong>Scottsdale ArtWalk</strong> turns the Old Town gallery district along Main Street and Marshall Way into an evening stroll. Galleries stay open late, artists are often on hand, and there is usually a glass of something being poured. It is free, it is walkable and it gives you plenty to talk about.
When: Thursday evenings, starting around 7 PM

<strong>2. Watch the sky change at Knight Rise</strong>
Inside the courtyard of the Scottsdale Museum of Contemporary Art, James Turrell's <em>Knight Rise</em> frames a perfect oval of sky above a stone bench. Sit together, stop talking and watch the blue deepen. Check <a href="https://smoca.org">SMoCA's hours</a> before you go.

<strong>3. Courtyard dinner at Cafe Monarch</strong>
String lights, bougainvillea and a prix-fixe menu that takes its time. It is a splurge and it books up, so save it for an anniversary or a big question.

<strong>4. Two-step at the Rusty Spur</strong>
Nobody looks cool their first time on the dance floor at this Old Town cowboy bar, and that is the point. Live bands, cold beer and strangers happy to show you the steps.

<strong>5. Sunset on the Soleri Bridge</strong>
Walk the Scottsdale Waterfront at golden hour and stop on Paolo Soleri's pedestrian bridge over the Arizona Canal. The bronze bells sway above you, the water turns copper and the whole thing costs nothing.

<strong>6. Upstairs drinks at Second Story</strong>
Climb the stairs into a dim, book-lined parlor where the cocktails are stirred carefully and the music stays low enough for conversation. Arrive early on weekends to claim a leather chair.

<strong>7. Blend your own wine</strong>
At <strong>Su Vino Winery</strong> in Old Town, you can taste, blend and bottle a wine together, then slap a label on it with a name only the two of you will understand. It is cheesy in the best way, and the cheese boards help.

<strong>A few ground rules</strong>
Park once and walk; Old Town is compact and the public garages are easy. Weeknights beat weekends for almost everything on this list. And if the evening is going well, the canal path is lovely after dark, with the lights of the Waterfront reflected in the water.

Romance in Scottsdale does not require a resort. It just requires paying attention to the light, the music and the person across from you.`,
    category: 'Date Night',
    tags: ['Date Night', 'Sunset', 'Old Town', 'Patios'],
    isFeatured: false,
    isPublished: true,
    publishedDaysAgo: 12,
  },
  {
    title: 'Five Quiet Corners of Old Town Most People Walk Right Past',
    slug: 'five-quiet-corners-of-old-town',
    author: 'Derek Holloway',
    heroImage: '/images/stories/five-quiet-corners-of-old-town.svg',
    excerpt: 'Between the bars and the boutiques, Old Town hides a skyspace, a schoolhouse, a legendary bookstore and more. All of them are a short walk apart.',
    content: `Old Town Scottsdale can feel like one long patio on a Saturday night. But walk it on a weekday morning, or just turn down a side street, and you will find a quieter neighborhood full of small surprises. These five are all within a comfortable walk of each other, and most of them are free.

<strong>1. The Little Red Schoolhouse</strong>
Built in 1909, the brick schoolhouse on the Scottsdale Civic Center is now home to the <strong>Scottsdale Historical Museum</strong>. Inside are photos of the town when it was a farming outpost with a handful of families, plus an old classroom that will make you grateful for modern chairs. It is the best fifteen-minute history lesson in the city.

<strong>2. Knight Rise at SMoCA</strong>
The Scottsdale Museum of Contemporary Art occupies a converted movie theater, and hidden in its sculpture courtyard is <em>Knight Rise</em>, a skyspace by James Turrell. Step inside, sit on the stone bench and look up through the oval opening. It is a room designed for nothing but looking at the sky, and it is astonishingly calm.

<strong>3. The Poisoned Pen Bookstore</strong>
Mystery readers travel across the country to visit this independent bookstore, which has been championing crime fiction for more than three decades. The shelves are full of signed copies, and the staff picks are dangerously good. Check the <a href="https://poisonedpen.com">event calendar</a>; big-name authors stop by more often than you would think.

<strong>4. The sculpture garden at the Museum of the West</strong>
Even if you skip the galleries, the outdoor spaces around <strong>Scottsdale's Museum of the West</strong> are worth a wander, with bronzes and desert plantings that make a shady detour between lunch and shopping. If you do go inside, the Native pottery and Western paintings reward an unhurried hour.

<strong>5. The Soleri Bridge at the Waterfront</strong>
Most people cross the Arizona Canal without noticing that this pedestrian bridge is also a solar calendar. Paolo Soleri designed it so that a line of sunlight slips between its pylons at midday on the solstices. The rest of the year, it is simply a beautiful place to lean on a rail and watch the water.

<strong>How to string them together</strong>
Start at the schoolhouse mid-morning, wander through the Civic Center to SMoCA, then head to the bookstore before lunch. After eating, visit the Museum of the West and finish at the canal as the afternoon light softens.
Distance: Roughly two miles of easy walking
Cost: Mostly free; SMoCA and the Museum of the West charge admission

None of these places will show up in a nightclub promo. That is what makes them worth finding.`,
    category: 'Hidden Gem',
    tags: ['Old Town', 'Free Things', 'Walking'],
    isFeatured: false,
    isPublished: true,
    publishedDaysAgo: 18,
  },
  {
    title: 'Chasing Green Chile Across Scottsdale',
    slug: 'chasing-green-chile-across-scottsdale',
    author: 'Elena Ruiz-Park',
    heroImage: '/images/stories/chasing-green-chile-across-scottsdale.svg',
    excerpt: "Roasted, stewed, stuffed and folded into pork: a very personal tour of where to find the Southwest's favorite pepper done right.",
    content: `If you grew up in the Southwest, the smell of roasting green chile means the seasons are turning. If you did not, it is about to become a problem. Once you have had a properly smoky, slow-stewed green chile, every other hot sauce starts to taste like an apology.

Scottsdale is not usually the first city people name when they talk about chile. That is a mistake. Here is where I go when the craving hits, in roughly the order I would eat them on a very ambitious Saturday.

<strong>Morning: the farmers market</strong>
The <strong>Old Town Scottsdale Farmers Market</strong> is the best place to start the day, partly because someone is always selling a breakfast burrito stuffed with eggs, potatoes and green chile, and partly because tamale vendors tend to sell out before nine. Buy two. Eat one standing up. Save the other for later and then eat it immediately anyway.
Where: Brown Avenue and First Street, Old Town
When: Saturday mornings

<strong>Lunch: the green chile pork</strong>
At <strong>Old Town Tortilla Factory</strong>, the flour tortillas come to the table warm and soft, and the green chile pork is the dish I measure everything else against: tender, a little smoky, with enough heat to wake you up but not enough to ruin the afternoon. Sit on the patio under the citrus trees and do not skip the salsa.

<strong>Afternoon: a detour south</strong>
Drive down Scottsdale Road to <strong>Los Sombreros</strong>, a converted adobe house that has been serving regional Mexican cooking for decades. The menu leans more toward central and southern Mexico than toward New Mexico, so this is where you go for a deeply flavored mole or cochinita pibil. Pair it with a mezcal margarita and enjoy the quiet.

<strong>Dinner: modern Latin in Old Town</strong>
<strong>The Mission</strong> plays with chile in more refined ways: in salsas, sauces and cocktails, alongside guacamole made tableside. It is a good place to bring the friend who says they do not like spicy food. They will change their mind.

<strong>Take some home</strong>
In late summer and early fall, watch for chile roasting at markets around the Valley: big rotating drums over open flame, filling whole parking lots with that unmistakable smell. Buy a bag, freeze it in small portions and you will be set until spring.

<strong>A note on heat</strong>
Green chile varies wildly. Mild batches can taste almost sweet; hot ones will make your eyes water. Ask before you order, and keep a tortilla nearby for emergencies.

Green chile is not a trend here. It is a way of marking time. Eat it often.`,
    category: 'Food Spotlight',
    tags: ['Mexican', 'Southwestern', 'Old Town'],
    isFeatured: false,
    isPublished: true,
    publishedDaysAgo: 24,
  },
  {
    title: 'New Ground: The Far-North Trailheads Most Hikers Have Not Tried',
    slug: 'new-ground-far-north-trailheads',
    author: 'Sasha Lindqvist',
    heroImage: '/images/stories/new-ground-far-north-trailheads.svg',
    excerpt:
      "The McDowell Sonoran Preserve keeps opening up new territory to the north. Here is why Granite Mountain, Brown's Ranch and the landslide country deserve a spot on your list.",
    content: `Ask most Scottsdale hikers where they go, and you will hear the same names: Gateway, Tom's Thumb, Pinnacle Peak. They are great trails, and they are busy for good reason. But the <strong>McDowell Sonoran Preserve</strong> is enormous, and its newer northern trailheads have opened up a whole other side of the desert that many locals still have not seen.

If you want quiet mornings, wide-open views and fewer people in your sunrise photos, head north.

<strong>Brown's Ranch: the gentle giant</strong>
The <strong>Brown's Ranch Trailhead</strong> is the hub of a huge network of rolling trails in the northern preserve. Most of the routes are gentle, which makes it perfect for long walks, trail runs and mountain bike rides. Cathedral Rock and Brown's Mountain make satisfying destinations, and after a wet winter the wildflowers here can be spectacular.
Good for: Families, runners, first-time desert hikers

<strong>Granite Mountain: boulder country</strong>
Farther north, the <strong>Granite Mountain Trailhead</strong> leads into a landscape of stacked granite boulders and sandy washes. The loop around the mountain is mellow in grade but long on scenery. There is almost no shade, so go early and bring plenty of water.
Good for: Photographers, solitude seekers, anyone tired of crowds

<strong>Marcus Landslide: geology you can walk on</strong>
Technically this one starts from the Tom's Thumb Trailhead, but it feels like a different world from the crowded climb next door. The <strong>Marcus Landslide Trail</strong> is an easy interpretive route across the debris of one of the largest ancient landslides in the Southwest. Signs explain how a mountainside came down here long ago; the house-sized boulders make it easy to believe.
Good for: Kids, curious adults, easy recovery days

<strong>Before you go</strong>
Check the <a href="https://www.mcdowellsonoran.org">McDowell Sonoran Conservancy</a> for trail maps, guided hikes and current conditions. The northern trailheads are a longer drive from Old Town, so plan on twenty to thirty minutes depending on where you start.
Bring: At least a liter of water per hour, sun protection and a charged phone
Watch for: Rattlesnakes on warm days, mountain bikers on shared trails
Leave: Everything as you found it

<strong>Why it matters</strong>
The preserve exists because Scottsdale voters chose, again and again, to protect this land instead of building on it. Exploring its newer corners spreads the foot traffic and reminds us what that choice looks like on the ground: miles of saguaros, quiet washes and a horizon with nothing on it but mountains.

Take the long drive. Stay until the light gets golden. You will be back.`,
    category: 'New Opening',
    tags: ['Hiking', 'McDowell Sonoran Preserve', 'North Scottsdale'],
    isFeatured: false,
    isPublished: true,
    publishedDaysAgo: 31,
  },
  {
    title: 'Paolo Soleri, the Bell Maker Who Built a Bridge to the Sun',
    slug: 'paolo-soleri-bell-maker-bridge-to-the-sun',
    author: 'Tom Archuleta',
    heroImage: '/images/stories/paolo-soleri-bell-maker-bridge-to-the-sun.svg',
    content: `Walk into almost any home in the Valley that has been around for a while, and you are likely to hear it before you see it: a low, wandering note from a bronze or ceramic bell hanging on the patio. There is a good chance it came from <strong>Cosanti</strong>, and a good chance it was made using methods developed by one of the most stubborn, visionary architects ever to settle in the desert.

<strong>From Italy to Taliesin</strong>
<strong>Paolo Soleri</strong> was born in Turin, Italy, in 1919 and arrived in Arizona in the late 1940s to apprentice with Frank Lloyd Wright at Taliesin West. The two strong personalities did not stay together long, but the desert stuck. Soleri married, spent a few years back in Italy, and then returned to Arizona for good.

<strong>Building with the earth</strong>
In the mid-1950s he began building Cosanti on a piece of land in what is now Paradise Valley. Instead of ordering materials, Soleri used the ground itself. He piled desert silt into mounds, shaped them, poured concrete over the top, then dug the earth out from underneath. The result was a series of curving, cave-like apses that stay remarkably cool in the heat.

The same idea went into his bells. Early ceramic windbells were cast in silt molds, and later bronze bells were poured into forms shaped by hand. Each one came out a little different. Sales of the bells helped fund his larger dream: <strong>Arcosanti</strong>, an experimental town north of Phoenix that he began in 1970 to explore what he called arcology, a blend of architecture and ecology.

<strong>A bridge that tells time</strong>
Scottsdale's most visible tribute to Soleri is the <strong>Soleri Bridge and Plaza</strong>, which opened in 2010 at the Scottsdale Waterfront. The pedestrian bridge over the Arizona Canal is also a solar calendar. Its tall pylons are aligned so that, at solar noon on the solstices, a line of light slips through the gap between them. Bells hang from the structure, ringing in the breeze above the canal.

<strong>Visiting today</strong>
Soleri died in 2013, but his work continues. At Cosanti, visitors can wander the apses, browse hundreds of bells and sometimes watch artisans pour bronze in the foundry. At the Waterfront, the bridge is open any time, free, and especially lovely at sunset.
Cosanti: Paradise Valley, a short drive from Old Town; details at <a href="https://www.cosanti.com">cosanti.com</a>
Soleri Bridge: Scottsdale Waterfront, along the Arizona Canal

Soleri believed that buildings should work with the desert rather than fight it. Stand under one of his bells on a hot afternoon, listen to it ring, and it is hard to argue with him.`,
    category: 'Local Legend',
    tags: ['Architecture', 'History', 'Waterfront'],
    isFeatured: false,
    isPublished: true,
    publishedDaysAgo: 40,
  },
];
